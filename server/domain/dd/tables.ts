/** Table types of the digital domicile (migration 0005_digital); `server/db/types.ts` names them in `Database`. */
import type { Flag } from "../../db/columns.js";

export interface DdCommunicationTypesTable {
  id: string;
  text: string;
  position: number;
}

export interface DdCommunicationsTable {
  code: string;
  cuil: string;
  sequence: number;
  year: number;
  recipient: string;
  subject: string;
  /** lower case, accents removed (normaliseSubject): what the subject search matches */
  subject_norm: string;
  client: string;
  type_id: string;
  message: string;
  /** 'Notificado de oficio' */
  notified: Flag;
  created_at: string;
  date_notified: string | null;
  seen_date: string | null;
  archived: Flag;
  /** attached files not yet downloaded (archive / recover need 0) */
  files_pending: number;
  // Migration 0009 (links and due dates, the thread's): optional, so rows built in code before it
  // still type-check; a row read from SQL always has them.
  /** the procedure instance this communication concerns (same citizen), or null */
  instance_id?: string | null;
  /** the record this communication concerns (same citizen), or null */
  record_id?: string | null;
  /** due day `yyyy-mm-dd` (Buenos Aires), or null */
  due_date?: string | null;
  /** when the three-day reminder was claimed and sent (exactly once), or null */
  reminder_sent_at?: string | null;
}

export interface DdCommunicationFilesTable {
  id: string;
  communication_code: string;
  position: number;
  file_name: string;
  mime: string;
  size: number | string;
  storage_key: string;
  downloaded: Flag;
  downloaded_at: string | null;
}

export interface DdHistoryTable {
  id: string;
  communication_code: string;
  date: string;
  description: string;
  user_name: string;
}

export interface DdLegalTextsTable {
  tenant: string;
  /** terms | privacy */
  kind: string;
  html: string;
}

/** A citizen's inbox counts per tray (decision 023), kept by triggers on dd_communications (migration 0018). */
export interface DdInboxCountsTable {
  cuil: string;
  /** 0 inbox, 1 archive */
  archived: number;
  total: number;
  unseen: number;
}
