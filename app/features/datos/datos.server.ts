import { json, redirect } from "@remix-run/node";
import { ACCESS_KINDS } from "@common/accesses";
import { getAccesses } from "~/api/accesses.server";
import { ApiError, type ApiContext } from "~/api/client.server";
import { requireApiContext, type RequestScope } from "~/lib/session.server";
import { getExportStatus, type ExportStatus } from "~/api/export.server";
import { parseDay } from "@common/days";
import { orErrorPage } from "~/lib/guards.server";
import { datos as D } from "~/lib/messages/datos";
import { loadDigestNote } from "./digest.server";
import { datosHref, type DatosState } from "./url";

/** What the filter form sent, checked: invalid values are reported on their field and left out of the call. */
export function parseDatosState(params: URLSearchParams) {
  const rawSince = (params.get("since") ?? "").trim();
  const rawUntil = (params.get("until") ?? "").trim();
  const rawKind = (params.get("kind") ?? "").trim();
  const rawPage = params.get("page") ?? "";
  const errors: { fieldId: string; message: string }[] = [];
  let since = rawSince ? parseDay(rawSince) : null;
  let until = rawUntil ? parseDay(rawUntil) : null;
  if (rawSince && !since) errors.push({ fieldId: "datos-since", message: D.errors.since });
  if (rawUntil && !until) errors.push({ fieldId: "datos-until", message: D.errors.until });
  if (since && until && since > until) {
    errors.push({ fieldId: "datos-since", message: D.errors.range });
    since = null;
    until = null;
  }
  const kind = (ACCESS_KINDS as readonly string[]).includes(rawKind) ? rawKind : null;
  if (rawKind && !kind) errors.push({ fieldId: "datos-kind", message: D.errors.kind });
  const page = /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const state: DatosState = { since, until, kind, page };
  return { state, errors, raw: { since: rawSince.slice(0, 20), until: rawUntil.slice(0, 20), kind: kind ?? "" } };
}

/** Loader of /datos: the signed-in citizen's access log (any signed-in citizen: the right of access needs no adhesion). */
export async function loadDatos({ request, context }: RequestScope) {
  const ctx = await requireApiContext({ request, context });
  const url = new URL(request.url);
  const { state, errors, raw } = parseDatosState(url.searchParams);
  const [page, exportStatus, digest] = await Promise.all([
    orErrorPage(() => getAccesses(ctx, state)),
    exportStatusOrNull(ctx),
    loadDigestNote(ctx),
  ]);
  if (!page) throw new Response("No encontrado", { status: 404 });
  if (state.page > page.last_page) throw redirect(datosHref({ ...state, page: page.last_page }));
  return json({ page, state, errors, raw, filtered: Boolean(state.since || state.until || state.kind), exportStatus, digest });
}

/** 'Descargar mis datos' (decision 073): its status, or null when the backend does not offer it (or fails to say). */
async function exportStatusOrNull(ctx: ApiContext): Promise<ExportStatus | null> {
  try {
    return await getExportStatus(ctx);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
