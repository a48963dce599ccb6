/**
 * The mail outbox's table (decision 060, migrations 0013 and 0023) and the values of its columns:
 * what the outbox's worker (`outbox.ts`) and its queries (`outbox-repository.ts`) both read.
 */
export type MailKind = "communication" | "adhered" | "updated" | "reminder" | "access-digest" | "data-export";
export type OutboxStatus = "pending" | "sending" | "sent" | "parked";

export interface MailOutboxTable {
  id: string;
  /** what caused it (a metric label; never personal) */
  kind: MailKind;
  to_address: string;
  /**
   * whose address it is: the citizen's CUIL (migration 0023); null on rows written before it, and
   * on mail to an address no citizen holds. Showing the address to an operator is an access to
   * that citizen's contact data (decision 071).
   */
  recipient_cuil: string | null;
  subject: string;
  body_text: string;
  status: OutboxStatus;
  /** claims so far (a claim released at shutdown gives its try back) */
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  claim_token: string | null;
  claimed_until: string | null;
  sent_at: string | null;
  /** error code and SMTP reply of the last failed try, for the operator (never logged) */
  last_error: string | null;
}

declare module "../db/types.js" {
  interface Database {
    mail_outbox: MailOutboxTable;
  }
}
