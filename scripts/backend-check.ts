/**
 * `npm run backend:check -- --api-url URL --token TOKEN`: for whoever puts the portal in front of a
 * backend (decision 098). Calls every read-only call of spec section 7 that a screen makes, as the
 * token's citizen, through the portal's own readers, and prints for each: read, read with tolerances
 * (which), read with warnings (issue 36: each field read as empty and each list item left out, by its
 * JSON path: what the citizen's screen then lacks), or not readable (each field: where, what the
 * portal wanted and what came; never a value). Calls that change something are not made, and neither
 * are two reads that the spec gives a legal effect: `get_one` (opening a communication marks it read)
 * and `get_file` (a download marks the file downloaded). Exit status: 0 when every call was read
 * (warnings included), 1 when one was not.
 */
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    "api-url": { type: "string" },
    token: { type: "string" },
    cuil: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help || !values["api-url"] || !values.token) {
  console.log(`Uso: npm run backend:check -- --api-url URL --token TOKEN [--cuil CUIL]

Llama a cada consulta de solo lectura de la sección 7 con el token de un ciudadano (su CUIL sale de
get_roles, o de --cuil) y dice, por consulta, si el portal la lee, la lee con tolerancias (cuáles) o
no la puede leer (por qué). No cambia nada ni abre comunicaciones.`);
  process.exit(values.help ? 0 : 2);
}

// The portal's modules read their environment when they load: set it first.
process.env.API_BASE_URL = values["api-url"];
process.env.SESSION_SECRET ??= "backend-check-only-0123456789abcdef0123456789";
process.env.API_TIMEOUT_MS ??= "15000";
process.env.REFERENCE_CACHE_MS = "0";

const { ApiError } = await import("~/api/client.server");
const { withTolerances } = await import("~/api/read.server");
const security = await import("~/api/security.server");
const procedures = await import("~/api/procedures.server");
const chat = await import("~/api/chat.server");
const digital = await import("~/api/digital.server");
const records = await import("~/api/records.server");
const files = await import("~/api/files.server");
const { offeredExtensions } = await import("~/api/extensions.server");
const { apiContext } = await import("~/lib/session.server");
const { newLoadContext } = await import("~/api/load-context.server");

type Outcome = "read" | "tolerated" | "degraded" | "unreadable" | "failed" | "skipped";
const outcomes: { call: string; outcome: Outcome }[] = [];
const MARK: Record<Outcome, string> = { read: "✔", tolerated: "≈", degraded: "!", unreadable: "✘", failed: "✘", skipped: "·" };

function say(call: string, outcome: Outcome, detail = "") {
  outcomes.push({ call, outcome });
  console.log(`${MARK[outcome]} ${call}${detail ? `\n    ${detail}` : ""}`);
}

/** One call through the portal's reader: what came of it, and its value when it was read. */
async function check<T>(call: string, work: () => Promise<T>): Promise<T | null> {
  try {
    const { value, tolerances, degraded } = await withTolerances(work);
    if (degraded.length)
      say(
        call,
        "degraded",
        [
          ...degraded.map(
            (d) =>
              `aviso: ${d.kind === "item" ? "elemento omitido de la lista" : "campo leído como vacío"} en ${d.path} (se espera ${d.expected}, llegó ${d.received})`,
          ),
          ...(tolerances.length ? [`tolerancias: ${tolerances.join("; ")}`] : []),
        ].join("\n    "),
      );
    else if (tolerances.length) say(call, "tolerated", `leída con tolerancias: ${tolerances.join("; ")}`);
    else say(call, "read");
    return value;
  } catch (error) {
    if (error instanceof Response) {
      say(call, "failed", `HTTP 303: el backend rechazó el token (pide ingresar en ${error.headers.get("Location") ?? "?"})`);
    } else if (error instanceof ApiError && error.code === "MALFORMED") {
      say(
        call,
        "unreadable",
        `no se puede leer: ${error.unreadable.map((f) => `${f.path}: se espera ${f.expected}, llegó ${f.received}`).join("; ")}`,
      );
    } else if (error instanceof ApiError) {
      say(call, "failed", `HTTP ${error.status}${error.code ? ` ${error.code}` : ""}`);
    } else {
      say(call, "failed", error instanceof Error ? error.message : String(error));
    }
    return null;
  }
}

/** A binary answer: only its status and type are looked at. */
async function checkBinary(call: string, work: () => Promise<Response>) {
  try {
    const response = await work();
    await response.body?.cancel();
    say(call, "read", `HTTP ${response.status} ${response.headers.get("Content-Type") ?? "(sin tipo)"}`);
  } catch (error) {
    say(call, "failed", error instanceof ApiError ? `HTTP ${error.status}${error.code ? ` ${error.code}` : ""}` : String(error));
  }
}

const skip = (call: string, why: string) => say(call, "skipped", why);

const ctx = apiContext(
  { request: new Request("http://portal.invalid/backend-check"), context: newLoadContext() },
  { accessToken: values.token, cuil: values.cuil ?? "" },
);

console.log(`Backend: ${values["api-url"]}\n`);
const user = await check("GET /api/security/user/get_roles", () => security.getRoles(ctx));
if (!ctx.cuil) ctx.cuil = user?.cuil ?? "";
const config = await check("GET /api/v4/instances/config", () => security.getConfig(ctx));
const extensions = await offeredExtensions(ctx);
console.log(`    extensiones ofrecidas: ${extensions.size ? [...extensions].join(", ") : "ninguna (solo la especificación)"}`);

// Procedures: counts and first pages of each tab, then one instance's history, documents and chat.
const moduleOf = (id: string) => config?.modules.find((m) => m.id === id);
let instanceId: string | null = null;
for (const tab of moduleOf("procedures")?.tabs ?? []) {
  await check(`GET /api/v4/instances/count/{${tab.code}}?module=procedures`, () =>
    procedures.countTab(ctx, procedures.PROCEDURES_MODULE, tab.code),
  );
  const page = await check(`GET /api/v4/instances/{${tab.code}}?module=procedures`, () =>
    procedures.listInstances(ctx, tab.code, { pageNumber: 1, sort: "-createdAt" }),
  );
  instanceId ??= page?.instances[0]?.id ?? null;
}
if (instanceId) {
  const id = instanceId;
  await check("GET /api/v4/instances/history/{id}", () => procedures.getHistory(ctx, id));
  await check("GET /api/v4/instances/{id}/received_docs", () => procedures.getReceivedDocs(ctx, id));
  await check("GET /api/v4/instances/{id}/interactive/citizen", () => chat.getChat(ctx, id));
  await check("GET /api/v4/instances/{id}/interactive/previewChat", () => chat.getPreviewChat(ctx, id));
} else skip("GET /api/v4/instances/history/{id} (y documentos, chat, vista previa)", "no hay trámites del ciudadano para probarlas");

// The catalogue as its screen walks it: the first level, a search, each category's children (the
// drill-down), then the requirements and the first chat of one procedure of each type (a conversation
// and a form: the screens differ), and a form's data.
const catalogue = await check("GET /api/v4/procedures/", () => procedures.getCatalogue(ctx));
await check("GET /api/v4/procedures/?filter=", () => procedures.getCatalogue(ctx, { filter: "a" }));
const leaves = (catalogue ?? []).filter((i) => !i.isParent);
for (const parent of (catalogue ?? []).filter((i) => i.isParent).slice(0, 3)) {
  const children = await check(`GET /api/v4/procedures/?parentId={${parent.id}}`, () =>
    procedures.getCatalogue(ctx, { parentId: parent.id }),
  );
  if (children && !children.length)
    say(`GET /api/v4/procedures/?parentId={${parent.id}}`, "degraded", "aviso: la categoría no lista hijos");
  leaves.push(...(children ?? []).filter((i) => !i.isParent));
}
const kinds = [...new Map(leaves.map((leaf) => [(leaf.type ?? "interactive").toLowerCase(), leaf])).values()];
for (const leaf of kinds) {
  const id = leaf.id;
  const kind = (leaf.type ?? "interactive").toLowerCase();
  await check(`GET /api/v4/procedures/{id}/docs_table (${kind})`, () => procedures.getDocsTable(ctx, id));
  const first = await check(`GET /api/v4/procedures/{id}/forms/first (${kind})`, () => chat.getFirstChat(ctx, id));
  const formId = first?.data.form?.id ?? first?.result.events.flatMap((e) => e.documents).find((d) => d.spec.form)?.spec.form?.id;
  if (formId)
    await check(`GET /api/v4/instances/{procedureId}/DRAFT/forms/{formId}/formData (${kind})`, () =>
      chat.getFormData(ctx, id, null, formId),
    );
  else if (kind === "form")
    say(
      "GET /api/v4/instances/{procedureId}/DRAFT/forms/{formId}/formData",
      "degraded",
      "aviso: forms/first no nombra el formulario de un trámite de formulario",
    );
}
if (!kinds.length) skip("GET /api/v4/procedures/{id}/docs_table y forms/first", "el catálogo no tiene trámites");

// Digital domicile (User-ID and the cuil in the path).
await check("GET /api/dd/v1/users/get-user-self-da/{cuil}", () => digital.getSelfDa(ctx));
await check("GET /api/dd/v1/users/get_contact_info/{cuil}", () => digital.getContactInfo(ctx));
await check("GET /api/dd/v1/users/get_terms", () => digital.getTerms(ctx));
await check("GET /api/dd/v1/users/get_policies", () => digital.getPolicies(ctx));
await check("GET /api/dd/v1/communications/types/all", () => digital.getTypes(ctx));
const inbox = await check("GET /api/dd/v1/communications/inbox/{cuil}", () => digital.getInbox(ctx, { page: 1, order: "-created_at" }));
await check("GET /api/dd/v1/communications/inbox/{cuil}?archived=true", () => digital.getInbox(ctx, { page: 1, archived: true }));
const code = inbox?.communications[0]?.code;
if (code) await check("GET /api/dd/v1/communications/get_history/{code}", () => digital.getHistory(ctx, code));
skip("GET /api/dd/v1/communications/get_one/{code}", "no se llama: abrir una comunicación la marca leída (sección 4)");
skip("GET /api/dd/v1/communications/get_file/{code}/{fileId}", "no se llama: descargar marca el archivo descargado");

// Records: counts, first pages, then one record's header, documents, page count, page and download.
let recordId: string | null = null;
for (const tab of moduleOf("records")?.tabs ?? []) {
  await check(`GET /api/v4/instances/count/{${tab.code}}?module=records`, () => procedures.countTab(ctx, records.RECORDS_MODULE, tab.code));
  const page = await check(`GET /api/v4/instances/{${tab.code}}?module=records`, () =>
    records.listRecords(ctx, tab.code, { pageNumber: 1, sort: "-createdAt" }),
  );
  recordId ??= page?.instances[0]?.id ?? null;
}
if (recordId) {
  const id = recordId;
  await check("GET /api/v4/filemanager/{id}?module=records", () => records.getRecordHeader(ctx, id));
  const incorporated = await check("GET /api/v4/filemanager/{id}/incorporated", () => records.getIncorporated(ctx, id));
  await check("GET /api/v4/filemanager/{id}/sent", () => records.getSent(ctx, id));
  await check("GET /api/v4/filemanager/{id}/pending", () => records.getPending(ctx, id));
  const doc = incorporated?.[0];
  if (doc) {
    await check("GET /api/fs/viewer/getPageCount/{id}", () => files.getPageCount(ctx, doc.file.signedFileId));
    await checkBinary("GET /api/fs/viewer/getPageAsPdf/{id}/1", () => files.getPageAsPdf(ctx, doc.file.signedFileId, 1));
    await checkBinary("GET /api/fs/bucket/{name}/{id}", () => files.downloadFile(ctx, doc.file.name, doc.file.signedFileId));
  } else skip("GET /api/fs/viewer/getPageCount/{id} (y página, descarga)", "el expediente no tiene documentos incorporados");
} else skip("GET /api/v4/filemanager/{id} (y sus documentos)", "no hay expedientes del ciudadano para probarlas");

const count = (o: Outcome) => outcomes.filter((x) => x.outcome === o).length;
console.log(
  `\n${count("read")} leídas, ${count("tolerated")} leídas con tolerancias, ${count("unreadable")} no legibles, ${count("failed")} fallidas, ${count("skipped")} no llamadas`,
);
process.exit(count("unreadable") + count("failed") > 0 ? 1 : 0);
