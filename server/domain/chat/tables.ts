/** Table types of the chat (migration 0007); `server/db/types.ts` names them in `Database`. */
import type { Flag } from "../../db/columns.js";
import type { ChatDocStatus, ChatDocument } from "../../../common/chat.js";

export interface ChatFormsTable {
  id: string;
  procedure_id: number | null;
  definition: string;
  created_at: string;
}

export interface ChatEventsTable {
  id: string;
  instance_id: string;
  type: string;
  author: string;
  message: string | null;
  description: string | null;
  commiter_cn: string;
  documents: string;
  created_at: string;
  seq: number;
}

export interface ChatDocumentsTable {
  id: string;
  instance_id: string;
  spec_id: string;
  code: string;
  description: string;
  valid_extensions: string;
  t_documento: string | null;
  form_id: string | null;
  file_id: string | null;
  file_name: string | null;
  is_required: Flag;
  status: string;
  reason: string | null;
  created_at: string;
  updated_at: string;
  // Migration 0009 (due dates, the thread's): optional, as on `DdCommunicationsTable`.
  /** due day `yyyy-mm-dd` (Buenos Aires), or null */
  due_date?: string | null;
  /** when the three-day reminder was claimed and sent (exactly once), or null */
  reminder_sent_at?: string | null;
}

export interface ChatFormDataTable {
  id: string;
  owner_cuil: string;
  procedure_id: number;
  instance_key: string;
  form_id: string;
  data: string;
  updated_at: string;
}

export interface ChatIdempotencyTable {
  key: string;
  instance_id: string;
  created_at: string;
}

/** Event types of spec section 3 (dateSeparator is made when the chat is read). */
export const EVENT_TYPES = [
  "dateSeparator",
  "text",
  "start",
  "toEvaluateDocuments",
  "uploadedDocuments",
  "receivedDocuments",
  "approvedDocuments",
  "rejectedDocuments",
  "requestedDocuments",
  "toSendDocuments",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export type Author = "user" | "operator";

/** requested → toSend (attached) → sent → received / approved / rejected */
export type { ChatDocStatus };

/** Types a chat upload may have when a document lists no valid extensions (spec section 5). */
export const DEFAULT_EXTENSIONS = [".pdf", ".jpeg", ".jpg", ".png"];

export type { ChatDocument };

export type ChatEvent = {
  id: string;
  type: EventType;
  author: Author;
  message: string | null;
  description: string | null;
  createdAt: string;
  commiter: { cn: string };
  documents: ChatDocument[];
};

export type Chat = {
  procedureId: number;
  procedureDescription: string;
  /** a draft chat: no instance yet, created on the first send */
  first: boolean;
  draft: boolean;
  instanceId: string | null;
  events: ChatEvent[];
  current: {
    /** every document of the conversation, in its present state */
    documents: ChatDocument[];
    /** the citizen can still write and attach */
    open: boolean;
    enabledProcedureAcceptedTerms: boolean;
    state: { text: string; color: string } | null;
  };
};
