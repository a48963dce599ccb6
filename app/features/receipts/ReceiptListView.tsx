import { Link } from "~/ui/Link";
import type { Receipt } from "~/api/receipts.server";
import { formatDateTime } from "~/lib/dates";
import { receipts as R } from "~/lib/messages/receipts";
import { TimesInUtc } from "~/ui/TimesInUtc";

/** /comprobantes: the citizen's receipts, each a link to its page. */
export function ReceiptListView({ receipts }: { receipts: Pick<Receipt, "id" | "kind" | "number" | "occurredAt">[] }) {
  return (
    <section aria-labelledby="page-title" className="receipts">
      <h1 id="page-title" className="page-title">
        {R.listTitle}
      </h1>
      <p>{R.listIntro}</p>
      {receipts.length === 0 ? (
        <p>{R.empty}</p>
      ) : (
        <ul className="receipts__list">
          {receipts.map((r) => (
            <li key={r.id} className="card receipts__item">
              <Link to={`/comprobantes/${encodeURIComponent(r.id)}`}>
                {R.kinds[r.kind]} · {r.number}
              </Link>
              <span>{formatDateTime(r.occurredAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {receipts.length ? <TimesInUtc /> : null}
    </section>
  );
}
