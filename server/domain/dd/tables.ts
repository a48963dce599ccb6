/**
 * Table types of the digital domicile (migration 0005_digital), added to the shared
 * `Database` interface by module augmentation so server/db/types.ts stays untouched.
 */
import type { Flag } from "../../db/types.js";

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

/** A citizen's inbox counts per tray (decision 077), kept by triggers on dd_communications (migration 0018). */
export interface DdInboxCountsTable {
  cuil: string;
  /** 0 inbox, 1 archive */
  archived: number;
  total: number;
  unseen: number;
}

declare module "../../db/types.js" {
  interface Database {
    dd_communication_types: DdCommunicationTypesTable;
    dd_communications: DdCommunicationsTable;
    dd_communication_files: DdCommunicationFilesTable;
    dd_history: DdHistoryTable;
    dd_legal_texts: DdLegalTextsTable;
    dd_inbox_counts: DdInboxCountsTable;
  }
}
