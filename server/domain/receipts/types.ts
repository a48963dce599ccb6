/** Table type of `receipts` (migration 0012); `server/db/types.ts` names it in `Database`. */
export interface ReceiptsTable {
  id: string;
  number: string;
  owner_cuil: string;
  kind: ReceiptKind;
  ref: string;
  occurred_at: string;
  issued_at: string;
  /** JSON ReceiptDetail */
  detail: string;
}

export const RECEIPT_KINDS = ["procedure", "documents", "record", "adhesion"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export type ReceiptDocument = { name: string; size: number | null };

/** What the receipt shows, frozen when it was issued. */
export type ReceiptDetail = {
  citizen: { name: string; cuil: string };
  /** the procedure's name (procedure, documents) */
  procedure?: string;
  /** the record's code and title (record) */
  record?: string;
  documents?: ReceiptDocument[];
  /** the adhesion's e-mail (adhesion) */
  email?: string;
};

/** A receipt as the API answers it. */
export type Receipt = {
  id: string;
  number: string;
  kind: ReceiptKind;
  occurredAt: string;
  issuedAt: string;
  detail: ReceiptDetail;
};
