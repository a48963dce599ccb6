import { Link } from "~/ui/Link";
import type { Receipt } from "~/api/receipts.server";
import { formatCuil } from "~/lib/person";
import { formatDate, formatDateTime, formatTime } from "~/lib/dates";
import { sizes } from "~/lib/messages/sizes";
import { receipts as R } from "~/lib/messages/receipts";
import { DataTable } from "~/ui/DataTable";
import { useHydrated } from "~/ui";

/** What the receipt says, as label/value rows (the page and the PDF show the same). */
export function receiptRows(receipt: Receipt): { label: string; value: string }[] {
  const d = receipt.detail;
  const rows: { label: string; value: string }[] = [
    { label: R.number, value: receipt.number },
    { label: R.date, value: formatDate(receipt.occurredAt) },
    { label: R.time, value: `${formatTime(receipt.occurredAt)} (${R.timeZone})` },
    { label: R.citizen, value: d.citizen.name },
    { label: R.cuil, value: formatCuil(d.citizen.cuil) },
  ];
  if (d.procedure) rows.push({ label: R.procedure, value: d.procedure });
  if (d.record) rows.push({ label: R.record, value: d.record });
  if (d.email) rows.push({ label: R.email, value: d.email });
  return rows;
}

export const sizeText = (size: number | null) => (size === null ? R.unknownSize : sizes.bytes(size));

export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const documents = receipt.detail.documents;
  return (
    <article className="receipt card" aria-labelledby="page-title">
      <header className="receipt__head">
        <h1 id="page-title" className="page-title">
          {R.title}: {R.kinds[receipt.kind]}
        </h1>
        <p className="receipt__number">
          {R.number}: <strong>{receipt.number}</strong>
        </p>
      </header>
      <dl className="receipt__data">
        {receiptRows(receipt).map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {documents ? (
        <section aria-labelledby="receipt-documents">
          <h2 id="receipt-documents" className="receipt__subtitle">
            {R.documents}
          </h2>
          {documents.length === 0 ? (
            <p>{R.noDocuments}</p>
          ) : (
            <DataTable
              className="receipt__table"
              wrapClassName={null}
              rows={documents}
              rowKey={(doc, i) => `${doc.name}-${i}`}
              columns={[
                { key: "name", header: R.documentName, cell: (doc) => doc.name },
                { key: "size", header: R.documentSize, cell: (doc) => sizeText(doc.size) },
              ]}
            />
          )}
        </section>
      ) : null}
      <p className="receipt__note">{R.keep}</p>
      <p className="receipt__note">{R.issuedAt(formatDateTime(receipt.issuedAt))}</p>
      <div className="receipt__actions">
        <a className="btn btn--primary" href={`/resources/comprobantes/${encodeURIComponent(receipt.id)}/pdf`} download>
          {R.download}
        </a>
        <PrintButton />
        <Link className="btn btn--secondary" to="/comprobantes">
          {R.back}
        </Link>
      </div>
    </article>
  );
}

/**
 * 'Imprimir' needs script: rendered only once it works (a text browser ignores the stylesheet's
 * js-only); without it the browser's own print and the PDF remain.
 */
function PrintButton() {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" className="btn btn--secondary" onClick={() => window.print()}>
      {R.print}
    </button>
  ) : null;
}
