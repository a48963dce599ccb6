import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadSummary, summaryAction } from "~/features/digital/summary.server";
import { SummaryView } from "~/features/digital/SummaryView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.summary);

export const loader = ({ request }: LoaderFunctionArgs) => loadSummary(request);
export const action = ({ request }: ActionFunctionArgs) => summaryAction(request);

export default function DigitalSummary() {
  const data = useLoaderData<typeof loader>();
  return <SummaryView communication={data.communication} history={data.history} message={data.message} archivedView={true} />;
}
