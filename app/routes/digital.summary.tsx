import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadSummary, summaryAction } from "~/features/digital/summary.server";
import { EnvelopeView } from "~/features/digital/EnvelopeView";
import { SummaryView } from "~/features/digital/SummaryView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.summary);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadSummary({ request, context });
export const action = ({ request, context }: ActionFunctionArgs) => summaryAction({ request, context });

export default function DigitalSummary() {
  const data = useLoaderData<typeof loader>();
  if (data.envelope || !data.communication || !data.message) return <EnvelopeView code={data.envelope?.code ?? ""} archivedView={false} />;
  return (
    <SummaryView
      communication={data.communication}
      history={data.history}
      message={data.message}
      linkable={data.linkable}
      archivedView={false}
    />
  );
}
