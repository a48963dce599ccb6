/**
 * Files the citizen already sent with the 'Agregar Documentos' form without JavaScript, held for the
 * form's next post (decision 067). When the form comes back with errors (a Nombre or a Referencia
 * missing), each chosen file has already been uploaded to the API (`POST /api/fs/raw/bucket`, which
 * records the citizen as its owner) and the re-rendered form carries a hold token for it in a hidden
 * field: the file's id, name and type, signed with the session secret and bound to this session,
 * this citizen and this record, for an hour. A token that is forged, altered, from another session
 * or citizen or record, or expired is ignored (the slot simply has no file). An upload held and never
 * registered is an orphan the API's sweeper removes after its grace period (decision 057).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/env.server";
import { LONGEST_HOLD_MINUTES } from "@common/limits";

/** How long a held file may be registered from the re-rendered form (well under the sweeper's 24 h). */
export const HOLD_MS = LONGEST_HOLD_MINUTES * 60_000;

export type HeldFile = { fileId: string; fileName: string; mime: string };
/** A held file read back from its token, with the moment its hold ends (kept when the form comes back again). */
export type HeldUpload = HeldFile & { expires: number };
/** What a token is bound to: the session, its citizen, and the record the form is on. */
export type HoldBinding = { sid: string; cuil: string; record: string };

const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_TOKEN = 2048;

const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(`av-held-upload:${payload}`).digest("base64url");

function sameText(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The hidden field's value for a held file: a file just uploaded holds for HOLD_MS from now; one read
 * back from a token keeps its own end (a form posted again and again does not hold it longer).
 */
export function holdToken(file: HeldFile | HeldUpload, binding: HoldBinding, now = Date.now()): string {
  const expires = "expires" in file ? file.expires : now + HOLD_MS;
  const claims = { f: file.fileId, n: file.fileName, m: file.mime, s: binding.sid, c: binding.cuil, r: binding.record, e: expires };
  const payload = Buffer.from(JSON.stringify(claims), "utf8").toString("base64url");
  return `${payload}.${mac(env.SESSION_SECRET, payload)}`;
}

/** The held file a posted token names, or null when it is not a valid, unexpired token bound to `binding`. */
export function readHoldToken(value: unknown, binding: HoldBinding, now = Date.now()): HeldUpload | null {
  if (typeof value !== "string" || !value || value.length > MAX_TOKEN) return null;
  const parts = value.split(".");
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  // Signed with the current secret; still readable after a rotation (decision 002's previous secrets).
  if (![env.SESSION_SECRET, ...env.SESSION_PREVIOUS_SECRETS].some((secret) => sameText(mac(secret, payload), signature))) return null;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { f, n, m, s, c, r, e } = claims;
  if (typeof f !== "string" || !FILE_ID.test(f) || typeof n !== "string" || !n || typeof m !== "string" || typeof e !== "number")
    return null;
  if (s !== binding.sid || c !== binding.cuil || r !== binding.record || e <= now) return null;
  return { fileId: f, fileName: n, mime: m, expires: e };
}
