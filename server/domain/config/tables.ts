/** The operator audit trail's table (migration 0020, append-only; `changes.ts` says what it holds). */
export interface OperatorChangesTable {
  id: string;
  occurred_at: string;
  operator_id: string;
  operator_name: string;
  organismo: string;
  target: string;
  old_value: string | null;
  new_value: string;
  purpose: string;
}
