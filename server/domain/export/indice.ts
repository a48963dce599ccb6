/**
 * `indice.html` of 'Descargar mis datos' (decision 073): one plain Spanish page a person opens
 * from the unzipped folder in any browser — no script, no outside resource, its style inline.
 * Headings per area, tables with a caption and header cells, relative links to the files of the
 * ZIP. Every value is escaped: names and texts come from citizens and operators.
 */
import { ACCESS_ACTION_LABELS, ACCESS_KIND_LABELS, OTHER_ACTION_LABEL } from "../../../common/accesses.js";
import { RECEIPT_KIND_LABELS } from "../../../common/receipts.js";
import { parseJson } from "../../db/index.js";
import { RECORD_STAGES } from "../archive/index.js";
import { EXPORTED, NOT_EXPORTED, type CitizenData } from "./contents.js";

export const INDEX_FILE = "indice.html";
export const DATA_FILE = "datos.json";

/** Escapes text for HTML content and quoted attribute values. */
export function esc(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A relative link to a path of the ZIP (each segment percent-encoded), or the text alone. */
function fileLink(path: string | undefined, text: string): string {
  if (!path) return esc(text);
  return `<a href="${esc(path.split("/").map(encodeURIComponent).join("/"))}">${esc(text)}</a>`;
}

/** `2026-11-25 14:05` (UTC) from an ISO date-time; a day or anything else as it is. */
function utc(iso: string | null | undefined): string {
  if (!iso) return "";
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]}` : iso;
}
const when = (iso: string | null | undefined) => esc(utc(iso));

/** Cells are HTML already (escaped by their makers). */
function table(caption: string, headers: string[], rows: string[][]): string {
  if (rows.length === 0) return "";
  const head = headers.map((h) => `<th scope="col">${esc(h)}</th>`).join("");
  // Each cell names its column: on a narrow screen a row is shown as a card of labelled values.
  const labels = headers.map((h) => ` data-label="${esc(h)}"`);
  const body = rows.map((cells) => `<tr>${cells.map((c, i) => `<td${labels[i]}>${c}</td>`).join("")}</tr>`).join("\n");
  return `<table>\n<caption>${esc(caption)}</caption>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** A two-column table of labelled values (a profile, an adhesion). */
function facts(caption: string, pairs: [string, string][]): string {
  const body = pairs.map(([label, value]) => `<tr><th scope="row">${esc(label)}</th><td>${esc(value)}</td></tr>`).join("\n");
  return `<table class="facts">\n<caption>${esc(caption)}</caption>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

const list = (items: string[]) => (items.length ? `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>` : "");
const none = (text: string) => `<p>${esc(text)}</p>`;
const phone = (code: string | null, number: string | null) => [code, number].filter(Boolean).join(" ");

function profile(data: CitizenData): string {
  const c = data.rows.citizens[0];
  const a = data.rows.dd_adhesions[0];
  const you = c
    ? facts("Tus datos de perfil", [
        ["Nombre", c.given_name],
        ["Apellido", c.family_name],
        ["CUIL", c.cuil],
        ["Correo electrónico", c.email ?? ""],
        ["Teléfono", phone(c.phone_code, c.phone_number)],
        ["Alta en el portal (UTC)", utc(c.created_at)],
      ])
    : none("No hay datos de perfil.");
  const adhesion = a
    ? facts("Tu adhesión al domicilio digital", [
        ["Correo electrónico", a.email],
        ["Teléfono", phone(a.phone_code, a.phone_number)],
        ["Fecha de adhesión (UTC)", utc(a.adhered_at)],
      ])
    : none("No estás adherido al domicilio digital.");
  return `<h3>Perfil</h3>\n${you}\n<h3>Adhesión al domicilio digital</h3>\n${adhesion}`;
}

function communications(data: CitizenData): string {
  const { rows, pathOf } = data;
  if (rows.dd_communications.length === 0) return none("No tienes comunicaciones.");
  const filesOf = (code: string) =>
    list(rows.dd_communication_files.filter((f) => f.communication_code === code).map((f) => fileLink(pathOf.get(f.id), f.file_name)));
  const summary = table(
    `Tus comunicaciones (${rows.dd_communications.length})`,
    ["Número", "Asunto", "Remitente", "Enviada (UTC)", "Leída (UTC)", "Vence", "Archivos"],
    rows.dd_communications.map((c) => [
      esc(c.code),
      esc(c.subject),
      esc(c.client),
      when(c.created_at),
      when(c.seen_date),
      when(c.due_date),
      filesOf(c.code),
    ]),
  );
  const history = table(
    "Historial de las comunicaciones",
    ["Comunicación", "Fecha (UTC)", "Qué pasó", "Quién"],
    rows.dd_history.map((h) => [esc(h.communication_code), when(h.date), esc(h.description), esc(h.user_name)]),
  );
  return `${summary}\n${history}`;
}

type EventDocument = { file?: { id?: string; name?: string } | null; spec?: { description?: string } };

function procedures(data: CitizenData): string {
  const { rows, pathOf } = data;
  if (rows.proc_instances.length === 0) return none("No tienes trámites.");
  return rows.proc_instances
    .map((p) => {
      const events = rows.chat_events.filter((e) => e.instance_id === p.id);
      const conversation = table(
        `Conversación del trámite «${p.title}»`,
        ["Fecha (UTC)", "Quién", "Mensaje", "Documentos"],
        events.map((e) => [
          when(e.created_at),
          esc(e.author === "user" ? "Tú" : e.commiter_cn),
          esc(e.message ?? e.description ?? ""),
          list(
            parseJson<EventDocument[]>(e.documents, []).map((d) =>
              fileLink(d.file?.id ? pathOf.get(d.file.id) : undefined, d.file?.name ?? d.spec?.description ?? ""),
            ),
          ),
        ]),
      );
      const history = table(
        `Historial del trámite «${p.title}»`,
        ["Fecha (UTC)", "Quién", "Acción", "Comentario", "Archivos"],
        rows.proc_history
          .filter((h) => h.instance_id === p.id)
          .map((h) => [
            when(h.excuted_on),
            esc(h.cn),
            esc(h.action ?? ""),
            esc(h.comment ?? ""),
            list(
              parseJson<{ fileId?: string; name?: string }[]>(h.files, []).map((f) =>
                fileLink(f.fileId ? pathOf.get(f.fileId) : undefined, f.name ?? ""),
              ),
            ),
          ]),
      );
      const documents = table(
        `Documentos adjuntos del trámite «${p.title}»`,
        ["Documento", "Fecha (UTC)"],
        rows.proc_received_docs
          .filter((d) => d.instance_id === p.id)
          .map((d) => [fileLink(pathOf.get(d.file_id), d.file_name), when(d.created_at)]),
      );
      const state = `Estado: ${p.state_text}. Iniciado el ${p.created_at.slice(0, 10)}.${p.discarded_at ? ` Cancelado el ${p.discarded_at.slice(0, 10)}.` : ""}`;
      return `<h3>${esc(p.title)}</h3>\n<p>${esc(state)}</p>\n${conversation || none("Sin mensajes.")}\n${history}\n${documents}`;
    })
    .join("\n");
}

function records(data: CitizenData): string {
  const { rows, pathOf } = data;
  if (rows.records.length === 0) return none("No tienes expedientes.");
  return rows.records
    .map((r) => {
      const documents = table(
        `Documentos del expediente ${r.code}`,
        ["Documento", "Estado", "Folio", "Fecha (UTC)"],
        rows.record_documents
          .filter((d) => d.record_id === r.id)
          .map((d) => [
            fileLink(pathOf.get(d.file_id), d.name),
            esc(RECORD_STAGES[d.stage] ?? d.stage),
            esc(d.nro_folio ?? ""),
            when(d.incorporated_at ?? d.created_at),
          ]),
      );
      const state = `${r.title}. Estado: ${r.status_description}.`;
      return `<h3>Expediente ${esc(r.code)}</h3>\n<p>${esc(state)}</p>\n${documents || none("Sin documentos.")}`;
    })
    .join("\n");
}

type Detail = { procedure?: string; record?: string; email?: string; documents?: { name: string }[] };

function receipts(data: CitizenData): string {
  const rows = data.rows.receipts;
  if (rows.length === 0) return none("No tienes comprobantes.");
  return table(
    `Tus comprobantes (${rows.length})`,
    ["Número", "De qué", "Detalle", "Fecha (UTC)"],
    rows.map((r) => {
      const d = parseJson<Detail>(r.detail, {});
      const detail = [d.procedure, d.record, d.email, ...(d.documents ?? []).map((doc) => doc.name)].filter(Boolean).join(" · ");
      return [esc(r.number), esc(RECEIPT_KIND_LABELS[r.kind] ?? r.kind), esc(detail), when(r.occurred_at)];
    }),
  );
}

function accesses(data: CitizenData): string {
  const rows = data.rows.operator_accesses;
  if (rows.length === 0) return none("Nadie de la administración accedió a tus datos.");
  return table(
    `Accesos a tus datos (${rows.length}), del más antiguo al más reciente`,
    ["Fecha y hora (UTC)", "Quién", "Qué", "Acción", "Motivo"],
    rows.map((a) => [
      when(a.occurred_at),
      `${esc(a.operator_name)}<br>${esc(a.organismo)}`,
      esc(`${ACCESS_KIND_LABELS[a.kind] ?? a.kind} ${a.item_label ?? ""}`.trim()),
      esc(ACCESS_ACTION_LABELS[a.action] ?? OTHER_ACTION_LABEL),
      esc(a.purpose),
    ]),
  );
}

function others(data: CitizenData): string {
  const paths = data.files.filter((f) => f.path.startsWith("otros/")).map((f) => fileLink(f.path, f.path.slice("otros/".length)));
  return paths.length ? list(paths) : none("No hay otros archivos.");
}

const STYLE = `body{font-family:system-ui,sans-serif;line-height:1.5;margin:0;color:#1a1a1a;background:#fff}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.75rem}h2{font-size:1.4rem;margin-top:2.5rem;border-bottom:2px solid #1f4e79}h3{font-size:1.15rem;margin-top:1.75rem}
table{border-collapse:collapse;margin:1rem 0;width:100%}caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #767676;padding:.35rem .5rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
thead th{background:#e8eef5}.facts th{width:14rem}ul{margin:0;padding-left:1.2rem}
a{color:#0b4a8b}a:focus{outline:3px solid #b35900;outline-offset:2px}
@media (max-width:40em){
table,caption,tbody,tr,th,td{display:block;width:auto}.facts th{width:auto}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
tr{border:1px solid #767676;margin-bottom:.75rem}th,td{border:0}.facts th{padding-bottom:0}
td[data-label]::before{content:attr(data-label);display:block;font-size:.875rem;font-weight:600;color:#444}
td:empty{display:none}}`;

const SECTIONS: { id: string; title: string; body: (d: CitizenData) => string }[] = [
  { id: "perfil", title: "Perfil y adhesión", body: profile },
  { id: "comunicaciones", title: "Comunicaciones", body: communications },
  { id: "tramites", title: "Trámites", body: procedures },
  { id: "expedientes", title: "Expedientes", body: records },
  { id: "comprobantes", title: "Comprobantes", body: receipts },
  { id: "accesos", title: "Accesos a tus datos", body: accesses },
  { id: "otros", title: "Otros archivos", body: others },
];

/** The whole page. */
export function indiceHtml(data: CitizenData): string {
  const c = data.rows.citizens[0];
  const name = c ? `${c.given_name} ${c.family_name}`.trim() : data.cuil;
  const notIncluded = list(Object.entries(NOT_EXPORTED).map(([table, reason]) => `<code>${esc(table)}</code>: ${esc(reason)}`));
  const tables = list(
    Object.entries(EXPORTED).map(
      ([table, spec]) => `<code>${esc(table)}</code>: ${esc(spec.title)} (${data.tables[table as keyof typeof data.tables].length})`,
    ),
  );
  return `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tus datos en Atención Virtual</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Tus datos en Atención Virtual</h1>
<p>Preparado el ${when(data.readAt)} (UTC) para ${esc(name)}, CUIL ${esc(data.cuil)}.</p>
<p>Este archivo reúne todo lo que el portal guarda sobre ti. Esta página es su índice: enlaza cada archivo de la carpeta. Todos los datos, fila por fila, están en ${fileLink(DATA_FILE, DATA_FILE)}. Las fechas y horas están en UTC (en Argentina, 3 horas menos).</p>
<nav aria-label="Contenido">
${list(SECTIONS.map((s) => `<a href="#${s.id}">${esc(s.title)}</a>`).concat(`<a href="#sobre-datos">Sobre ${DATA_FILE}</a>`))}
</nav>
${SECTIONS.map((s) => `<section aria-labelledby="${s.id}">\n<h2 id="${s.id}">${esc(s.title)}</h2>\n${s.body(data)}\n</section>`).join("\n")}
<section aria-labelledby="sobre-datos">
<h2 id="sobre-datos">Sobre ${DATA_FILE}</h2>
<p>${fileLink(DATA_FILE, DATA_FILE)} tiene una lista por tabla de la base de datos del portal con cada fila sobre ti, con los nombres de columna de la base. Tablas incluidas y cuántas filas tienen:</p>
${tables}
<p>Qué no incluye y por qué:</p>
${notIncluded}
</section>
</main>
</body>
</html>
`;
}
