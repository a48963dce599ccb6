/**
 * The database as Kysely sees it: one `Database` interface naming every table. Each area of the
 * domain keeps its own tables' types (`server/domain/<area>/tables.ts` or `types.ts`); the tables
 * every area reads (citizens, adhesions, the modules' configuration, settings) and those of the
 * layers below the domain (revoked tokens, the identity provider's store, the mail outbox, the
 * blobs the portal wrote) are typed here. Column conventions: `./columns.ts`.
 */
import type { AccessDigestsTable, OperatorAccessesTable } from "../domain/accesses/tables.js";
import type {
  ChatDocumentsTable,
  ChatEventsTable,
  ChatFormDataTable,
  ChatFormsTable,
  ChatIdempotencyTable,
} from "../domain/chat/tables.js";
import type { OperatorChangesTable } from "../domain/config/tables.js";
import type {
  DdCommunicationFilesTable,
  DdCommunicationsTable,
  DdCommunicationTypesTable,
  DdHistoryTable,
  DdInboxCountsTable,
  DdLegalTextsTable,
} from "../domain/dd/tables.js";
import type { DataExportsTable } from "../domain/export/tables.js";
import type { FilesTable } from "../domain/files/types.js";
import type { OperatorsTable } from "../domain/operators/tables.js";
import type { ProcCatalogueTable, ProcHistoryTable, ProcInstancesTable, ProcReceivedDocsTable } from "../domain/procedures/tables.js";
import type { ReceiptsTable } from "../domain/receipts/types.js";
import type { RecordAssociationsTable, RecordDocumentsTable, RecordsTable } from "../domain/records/tables.js";
import type { FileRenditionsTable } from "../domain/renditions/types.js";
import type { RateLimitHitsTable, UploadLeasesTable } from "../domain/security/tables.js";
import type { Flag } from "./columns.js";

export interface CitizensTable {
  /** 11 digits, no dashes */
  cuil: string;
  given_name: string;
  family_name: string;
  email: string | null;
  phone_code: string | null;
  phone_number: string | null;
  /** stable opaque user id (UUID) */
  uid: string;
  /** scrypt hash, see server/auth/password.ts */
  password_hash: string;
  created_at: string;
}

export interface DdAdhesionsTable {
  cuil: string;
  email: string;
  phone_code: string | null;
  phone_number: string | null;
  adhered_at: string;
}

export interface ModuleConfigsTable {
  /** procedures | records | digital */
  id: string;
  enabled: Flag;
  page_size: number;
  new_button: Flag;
  position: number;
}

export interface ModuleTabsTable {
  module_id: string;
  code: string;
  description: string;
  count: Flag;
  color: string;
  position: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface RevokedTokensTable {
  jti: string;
  /** ISO timestamp; the row may be deleted after it */
  expires_at: string;
}

/** Storage of the development identity provider (server/auth/oidc/adapter.ts). */
export interface OidcPayloadsTable {
  kind: string;
  id: string;
  /** JSON of the oidc-provider model */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

/** The mail outbox (decision 028, migrations 0013 and 0023): what its worker and its queries read (`server/mail/`). */
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

/** `written_blobs` (migration 0021): the keys of every blob the portal itself wrote (`server/storage/written-repository.ts`). */
export interface WrittenBlobsTable {
  blob_key: string;
  /** when its last write began or ended (ISO) */
  written_at: string;
}

export interface Database {
  citizens: CitizensTable;
  dd_adhesions: DdAdhesionsTable;
  module_configs: ModuleConfigsTable;
  module_tabs: ModuleTabsTable;
  app_settings: AppSettingsTable;
  revoked_tokens: RevokedTokensTable;
  oidc_payloads: OidcPayloadsTable;
  // files: every uploaded file, and its readable pages
  files: FilesTable;
  file_renditions: FileRenditionsTable;
  // procedures
  proc_catalogue: ProcCatalogueTable;
  proc_instances: ProcInstancesTable;
  proc_history: ProcHistoryTable;
  proc_received_docs: ProcReceivedDocsTable;
  // the chat and its forms
  chat_forms: ChatFormsTable;
  chat_events: ChatEventsTable;
  chat_documents: ChatDocumentsTable;
  chat_form_data: ChatFormDataTable;
  chat_idempotency: ChatIdempotencyTable;
  // records
  records: RecordsTable;
  record_associations: RecordAssociationsTable;
  record_documents: RecordDocumentsTable;
  // the digital domicile
  dd_communication_types: DdCommunicationTypesTable;
  dd_communications: DdCommunicationsTable;
  dd_communication_files: DdCommunicationFilesTable;
  dd_history: DdHistoryTable;
  dd_legal_texts: DdLegalTextsTable;
  dd_inbox_counts: DdInboxCountsTable;
  // receipts, data exports, operators and the access log
  receipts: ReceiptsTable;
  data_exports: DataExportsTable;
  operators: OperatorsTable;
  operator_changes: OperatorChangesTable;
  operator_accesses: OperatorAccessesTable;
  access_digests: AccessDigestsTable;
  // infrastructure: upload counts, the mail outbox, the blobs the portal wrote
  rate_limit_hits: RateLimitHitsTable;
  upload_leases: UploadLeasesTable;
  mail_outbox: MailOutboxTable;
  written_blobs: WrittenBlobsTable;
}
