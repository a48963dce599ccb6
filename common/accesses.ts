/**
 * The access log a citizen reads in 'Tus datos' (decision 071): what kinds of item an operator's
 * access concerns, and what was done. The API stores these codes; the portal shows them in
 * Spanish (app/lib/messages). Pure data, shared by both sides.
 */
export const ACCESS_KINDS = ["communication", "procedure", "record", "contact"] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];

export const ACCESS_ACTIONS = {
  "citizen.create": "contact",
  "procedure.create": "procedure",
  "procedure.history": "procedure",
  "procedure.document": "procedure",
  "chat.read": "procedure",
  "chat.message": "procedure",
  "chat.request": "procedure",
  "chat.received": "procedure",
  "chat.approve": "procedure",
  "chat.reject": "procedure",
  "chat.evaluating": "procedure",
  "chat.finish": "procedure",
  "chat.document-due": "procedure",
  "communication.send": "communication",
  "communication.thread": "communication",
  "record.create": "record",
  "record.incorporate": "record",
  "record.document-status": "record",
  "record.associate": "record",
} as const satisfies Record<string, AccessKind>;
export type AccessAction = keyof typeof ACCESS_ACTIONS;

/** Whether the action only read (the rest changed something). */
export const READ_ACTIONS: readonly AccessAction[] = ["chat.read"];

/** Purpose the operator gives: trimmed, 3 to 500 characters. */
export const PURPOSE_MIN = 3;
export const PURPOSE_MAX = 500;
