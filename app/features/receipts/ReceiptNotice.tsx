import { Link } from "~/ui/Link";
import { receiptNotice as R } from "~/lib/messages/receiptNotice";

/** On the page after an action that issued a receipt: its number and 'Ver comprobante'. */
export function ReceiptNotice({ receipt }: { receipt: { id: string; number: string } }) {
  return (
    <div className="receipt-notice" role="status">
      <p>
        <strong>{R.notice}.</strong> {R.issued(receipt.number)} <Link to={`/comprobantes/${encodeURIComponent(receipt.id)}`}>{R.view}</Link>
      </p>
    </div>
  );
}
