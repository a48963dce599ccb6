/**
 * A document of a chat as the spec's backend answers it (section 5) and the portal reads it: the
 * reference backend (server/domain/chat) writes this shape, the portal's reader (app/api/chat.server.ts)
 * makes it of whatever a backend sends.
 */

/** requested → toSend (attached) → sent → received / approved / rejected */
export type ChatDocStatus = "requested" | "toSend" | "sent" | "received" | "approved" | "rejected";

export type ChatDocument = {
  id: string;
  spec: {
    id: string;
    code: string;
    description: string;
    validExtensions: string[];
    tDocumento: string | null;
    form: { id: string } | null;
  };
  file: { id: string; name: string } | null;
  isRequired: boolean;
  status: ChatDocStatus;
  reason: string | null;
  /** Ours, beside the spec (decisions 026 and 014): due day `yyyy-mm-dd`, or null. */
  dueDate: string | null;
};
