/**
 * Sessions signed out through this process (issue 28, decision 103). The session lives in the
 * citizen's cookie (decision 002), so a copy of the cookie taken before 'Cerrar sesión' still opens;
 * the API refuses its revoked token, and this process also remembers the session's id until its
 * absolute limit, so not even what the session keeps of the citizen (decision 002) is shown again.
 * Other processes learn it from the API at the session's next confirmation (root.server.ts). Bounded:
 * past the limit the entries already expired go, then the oldest.
 */
const SIGNED_OUT_KEPT = 100_000;
const signedOut = new Map<string, number>();

/** Remembers that the session `sid` ended, until `until` (epoch ms: its absolute limit). */
export function markSignedOut(sid: string, until: number) {
  if (signedOut.size >= SIGNED_OUT_KEPT) {
    const now = Date.now();
    for (const [key, end] of signedOut) if (end <= now) signedOut.delete(key);
    for (const key of signedOut.keys()) {
      if (signedOut.size < SIGNED_OUT_KEPT) break;
      signedOut.delete(key);
    }
  }
  signedOut.set(sid, until);
}

/** Whether the session `sid` was signed out (through this process, or found revoked by it). */
export function isSignedOut(sid: string, at = Date.now()): boolean {
  const until = signedOut.get(sid);
  if (until === undefined) return false;
  if (until > at) return true;
  signedOut.delete(sid);
  return false;
}
