/** Part of the portal's one Spanish catalogue (see app/lib/messages.ts): shared constants and types. */

/** Accepted upload types (spec section 5, shared constants). */
export const ACCEPTED_UPLOAD_MIME_TYPES = ["application/pdf", "image/jpeg", "image/jpg", "image/png"] as const;

export const ACCEPTED_UPLOAD_EXTENSIONS = [".pdf", ".jpeg", ".jpg", ".png"] as const;

/** Maximum length of chat messages and cancel reasons (spec section 9). */
export const MAX_MESSAGE_LENGTH = 1000;

export type ToastType = "ERROR" | "SUCCESS";
