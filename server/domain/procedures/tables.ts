/** Table types of the procedures module (migration 0006); `server/db/types.ts` names them in `Database`. */
import type { Flag } from "../../db/columns.js";

export interface ProcCatalogueTable {
  id: number;
  code: string;
  description: string;
  /** INTERACTIVE | FORM; null for a parent */
  type: string | null;
  parent_id: number | null;
  is_parent: Flag;
  highlighted: Flag;
  position: number;
  theme: string | null;
  organism: string | null;
  recipient: string | null;
  explanation: string | null;
  information_url: string | null;
  terms_enabled: Flag;
  terms_text: string | null;
  /** JSON [{ name, description, required }] */
  docs_table: string;
  /** JSON string[] */
  requirements: string;
  search_text: string;
}

export interface ProcInstancesTable {
  id: string;
  owner_cuil: string;
  procedure_id: number;
  title: string;
  /** JSON string[] */
  description: string;
  /** JSON [{ code, label, value }] */
  payload_descriptions: string;
  tab_code: string;
  state_text: string;
  state_color: string;
  type: string;
  /** JSON string[] */
  buttons: string;
  created_at: string;
  arrived_on: string;
  has_alert: Flag;
  record_id: string | null;
  discarded_at: string | null;
  discard_reason: string | null;
  search_text: string;
}

export interface ProcHistoryTable {
  id: string;
  instance_id: string;
  cn: string;
  excuted_on: string;
  action: string | null;
  comment: string | null;
  /** JSON [{ fileId, name }] */
  files: string;
  operator_message: Flag;
}

export interface ProcReceivedDocsTable {
  id: string;
  instance_id: string;
  file_id: string;
  file_name: string;
  status: string;
  created_at: string;
}

export const INSTANCE_BUTTONS = ["edit", "attachments", "history", "goToRecord", "preview", "discard"] as const;
export type InstanceButton = (typeof INSTANCE_BUTTONS)[number];
export const DOC_STATUSES = ["received", "pending", "approved", "rejected"] as const;
export type DocStatus = (typeof DOC_STATUSES)[number];

/** Tab a discarded instance moves to, with its state. */
export const CANCELLED_TAB = "cancelled";
export const CANCELLED_STATE = { text: "Cancelado", color: "#B91C1C" };
