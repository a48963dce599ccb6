/**
 * The one catalogue of every Spanish text of the portal (spec sections 1, 2, 5 and 8).
 *
 * Rules:
 * - Texts quoted in the spec are copied word for word; do not "fix" them (accents, capitals,
 *   '...' versus '…' and missing final periods are all deliberate).
 * - Texts the spec does not quote (labels, hints, aria labels) are ours; they follow the same tone
 *   (tú, as in 'regresa al inicio', 'Intenta ajustar los filtros').
 * - Parameterised texts are functions, e.g. `digital.toasts.archiveSuccess(code)`.
 * - No Spanish text lives anywhere else: components and routes import from here.
 *
 * The catalogue is split into one module per section under app/lib/messages/, re-exported here,
 * so that each route's JavaScript carries only the texts it uses (esbuild bundles whole modules).
 * Add a new section as its own file there and re-export it here.
 */
export * from "./messages/constants";
export { common } from "./messages/common";
export { furniture } from "./messages/furniture";
export { procedures } from "./messages/procedures";
export { procedureChat } from "./messages/procedureChat";
export { digital } from "./messages/digital";
export { records } from "./messages/records";
export { errors } from "./messages/errors";
export { accessibility } from "./messages/accessibility";
export { session } from "./messages/session";
export { receiptNotice } from "./messages/receiptNotice";
export { receipts } from "./messages/receipts";
export { readable } from "./messages/readable";
export { downloadAll } from "./messages/downloadAll";
export { thread } from "./messages/thread";
export { deadlines } from "./messages/deadlines";
export { datos } from "./messages/datos";
export { accessDigest } from "./messages/accessDigest";
export { sizes } from "./messages/sizes";
export { uploads } from "./messages/uploads";
