import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadRequirements, requirementsAction } from "~/features/procedures/requirements.server";
import { RequirementsView } from "~/features/procedures/RequirementsView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import proceduresStyles from "~/styles/procedures.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: proceduresStyles }];

export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.requirements);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadRequirements({ request, context });

export const action = ({ request, context }: ActionFunctionArgs) => requirementsAction({ request, context });

export default function Requirements() {
  return <RequirementsView data={useLoaderData<typeof loader>()} />;
}
