import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * The browser's copy of an unsent text (decision 032), in sessionStorage: it lives
 * only in this tab, goes when the tab closes, and 'Cerrar sesión' clears it (Clear-Site-Data).
 * Each copy carries the signed-in citizen's owner tag (an HMAC of the CUIL made by the server; a copy
 * made before a rotation of the secret carries one of the citizen's earlier tags) and
 * a 30-minute expiry; copies of another citizen are deleted as soon as a page of someone signed
 * in runs, so the next person on a shared terminal never gets them restored.
 */
const PREFIX = "av-draft:";
const TTL_MS = 30 * 60_000;

type Stored = { owner: string; text: string; exp: number };

function read(key: string): Stored | null {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

/** Deletes every local draft that is expired or carries none of `owners` (the signed-in citizen's tags). */
export function sweepLocalDrafts(owners: readonly string[]) {
  try {
    const store = window.sessionStorage;
    for (let i = store.length - 1; i >= 0; i -= 1) {
      const name = store.key(i);
      if (!name?.startsWith(PREFIX)) continue;
      const item = read(name.slice(PREFIX.length));
      if (!item || !owners.includes(item.owner) || item.exp < Date.now()) store.removeItem(name);
    }
  } catch {
    /* storage unavailable: nothing kept */
  }
}

/**
 * Keeps `text` of field `key` while it is typed and restores it (through `restore`) when the page
 * opens with the field empty. An empty text (sent, or erased) removes the copy.
 */
export function useLocalDraft(key: string, text: string, restore: (text: string) => void): () => void {
  const owners = (useRouteLoaderData("root") as { draftOwners?: string[] | null } | undefined)?.draftOwners ?? null;
  /** the tag new copies carry: the one made with the current secret */
  const owner = owners?.[0] ?? null;
  const restored = useRef(false);
  useEffect(() => {
    if (!owners || !owner || restored.current) return;
    restored.current = true;
    sweepLocalDrafts(owners);
    const item = read(key);
    if (item && !text) restore(item.text);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only once, when the page opens: text and restore are read, not watched
  }, [owner, key]);
  useEffect(() => {
    if (!owner || !restored.current) return;
    try {
      if (text.trim())
        window.sessionStorage.setItem(PREFIX + key, JSON.stringify({ owner, text, exp: Date.now() + TTL_MS } satisfies Stored));
      else window.sessionStorage.removeItem(PREFIX + key);
    } catch {
      /* storage full or unavailable */
    }
  }, [owner, key, text]);
  return () => {
    try {
      window.sessionStorage.removeItem(PREFIX + key);
    } catch {
      /* unavailable */
    }
  };
}
