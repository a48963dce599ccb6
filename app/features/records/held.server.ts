/**
 * Files the citizen already sent with the 'Agregar Documentos' form without JavaScript, held for the
 * form's next post (decision 067). When the form comes back with errors (a Nombre or a Referencia
 * missing), each chosen file has already been uploaded to the API (`POST /api/fs/raw/bucket`, which
 * records the citizen as its owner) and the re-rendered form carries a hold token for it in a hidden
 * field: the file's id, name and type, sealed with the session secret and bound to this session,
 * this citizen and this record, for an hour. A token that is forged, altered, from another session
 * or citizen or record, or expired is ignored (the slot simply has no file). An upload held and never
 * registered is an orphan the API's sweeper removes after its grace period (decision 057).
 */
import { LONGEST_HOLD_MINUTES } from "@common/limits";
import { sealer } from "~/lib/sealed-cookie.server";

/** How long a held file may be registered from the re-rendered form (well under the sweeper's 24 h). */
export const HOLD_MS = LONGEST_HOLD_MINUTES * 60_000;

export type HeldFile = { fileId: string; fileName: string; mime: string };
/** A held file read back from its token, with the moment its hold ends (kept when the form comes back again). */
export type HeldUpload = HeldFile & { expires: number };
/** What a token is bound to: the session, its citizen, and the record the form is on. */
export type HoldBinding = { sid: string; cuil: string; record: string };

const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_TOKEN = 2048;

/** Sealed by the portal's one helper (jose's JWE): unreadable and unalterable in the page, and still read after a rotation. */
const holds = sealer("held-upload");

/**
 * The hidden field's value for a held file: a file just uploaded holds for HOLD_MS from now; one read
 * back from a token keeps its own end (a form posted again and again does not hold it longer).
 */
export function holdToken(file: HeldFile | HeldUpload, binding: HoldBinding, now = Date.now()): Promise<string> {
  const expires = "expires" in file ? file.expires : now + HOLD_MS;
  return holds.seal({ f: file.fileId, n: file.fileName, m: file.mime, s: binding.sid, c: binding.cuil, r: binding.record, e: expires });
}

/** The held file a posted token names, or null when it is not a valid, unexpired token bound to `binding`. */
export async function readHoldToken(value: unknown, binding: HoldBinding, now = Date.now()): Promise<HeldUpload | null> {
  if (typeof value !== "string" || !value || value.length > MAX_TOKEN) return null;
  const claims = (await holds.open(value)) as Record<string, unknown> | null;
  if (!claims || typeof claims !== "object") return null;
  const { f, n, m, s, c, r, e } = claims;
  if (typeof f !== "string" || !FILE_ID.test(f) || typeof n !== "string" || !n || typeof m !== "string" || typeof e !== "number")
    return null;
  if (s !== binding.sid || c !== binding.cuil || r !== binding.record || e <= now) return null;
  return { fileId: f, fileName: n, mime: m, expires: e };
}
