/** The state of /datos lives in its URL (filters and page). */
export type DatosState = { since: string | null; until: string | null; kind: string | null; page: number };

export function datosHref(state: DatosState, over: Partial<DatosState> = {}): string {
  const s = { ...state, ...over };
  const params = new URLSearchParams();
  if (s.since) params.set("since", s.since);
  if (s.until) params.set("until", s.until);
  if (s.kind) params.set("kind", s.kind);
  if (s.page > 1) params.set("page", String(s.page));
  const query = params.toString();
  return query ? `/datos?${query}` : "/datos";
}

/** Where the citizen opens the item an access concerns (their own pages), or null. */
export function itemHref(kind: string, ref: string | null): string | null {
  if (kind === "contact") return "/digital/settings";
  if (!ref) return null;
  const q = encodeURIComponent(ref);
  if (kind === "communication") return `/digital/summary?code=${q}`;
  if (kind === "procedure") return `/procedures/preview?instance=${q}`;
  if (kind === "record") return `/records/manager?file=${q}`;
  return null;
}

/** 'Descargar mis datos' (decision 073): the resource route that streams the backend's ZIP. */
export const EXPORT_HREF = "/resources/datos/export";

/** The status page of 'Descargar mis datos' (issue 32): starts the file (post) and says how it goes. */
export const EXPORT_STATUS_HREF = "/datos/descarga";
/** How often the status page reads itself again while the file is prepared. */
export const EXPORT_STATUS_SECONDS = 5;
/** The status page that does not read itself again (the citizen stopped it, WCAG 2.2.1). */
export const EXPORT_STATUS_STILL_HREF = `${EXPORT_STATUS_HREF}?auto=0`;
