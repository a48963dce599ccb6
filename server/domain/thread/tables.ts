/**
 * Columns of migration 0009_thread_deadlines, merged into the existing table types by module
 * augmentation (the tables' own files stay untouched). Optional, so code written before the
 * migration keeps compiling; reads see `undefined` only on rows built in code, never from SQL.
 */
import "../dd/tables.js";
import "../chat/tables.js";

declare module "../dd/tables.js" {
  interface DdCommunicationsTable {
    /** the procedure instance this communication concerns (same citizen), or null */
    instance_id?: string | null;
    /** the record this communication concerns (same citizen), or null */
    record_id?: string | null;
    /** due day `yyyy-mm-dd` (Buenos Aires), or null */
    due_date?: string | null;
    /** when the three-day reminder was claimed and sent (exactly once), or null */
    reminder_sent_at?: string | null;
  }
}

declare module "../chat/tables.js" {
  interface ChatDocumentsTable {
    due_date?: string | null;
    reminder_sent_at?: string | null;
  }
}

export {};
