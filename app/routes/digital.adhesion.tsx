import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdhesionView } from "~/features/digital/AdhesionView";
import { adhesionAction, loadAdhesion } from "~/features/digital/contact.server";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.adhesion);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadAdhesion({ request, context });

export const action = ({ request, context }: ActionFunctionArgs) => adhesionAction({ request, context });

export default function DigitalAdhesion() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdhesionView info={data.info} idempotencyKey={data.idempotencyKey} result={useActionData<typeof action>() ?? data.kept ?? undefined} />
  );
}
