import type { SerializeFrom } from "@remix-run/node";
import { EnvelopeView } from "./EnvelopeView";
import { SummaryView } from "./SummaryView";
import type { loadSummary } from "./summary.server";

/**
 * The page of one communication, from the inbox or from 'Archivados' (`archivedView`): its envelope
 * until the citizen opens it by their own act (decision 102), then the communication itself.
 */
export function SummaryScreen({ data, archivedView }: { data: SerializeFrom<typeof loadSummary>; archivedView: boolean }) {
  if (data.envelope || !data.communication || !data.message)
    return <EnvelopeView code={data.envelope?.code ?? ""} archivedView={archivedView} />;
  return (
    <SummaryView
      communication={data.communication}
      history={data.history}
      message={data.message}
      linkable={data.linkable}
      archivedView={archivedView}
    />
  );
}
