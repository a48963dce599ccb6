import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadSummary, summaryAction } from "~/features/digital/summary.server";
import { SummaryScreen } from "~/features/digital/SummaryScreen";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.summary);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadSummary({ request, context });
export const action = ({ request, context }: ActionFunctionArgs) => summaryAction({ request, context });

export default function DigitalSummary() {
  return <SummaryScreen data={useLoaderData<typeof loader>()} archivedView={false} />;
}
