/**
 * What 'Descargar mis datos' holds (decision 073, docs/data-export.md): every table of the
 * database is either exported — every row about the citizen, every column but the few named in
 * `omit` — or named in `NOT_EXPORTED` with the reason, in Spanish, that the ZIP itself gives.
 * tests/api/export.test.ts fails when a table is in neither list.
 *
 * Files: each file the citizen owns goes in once, in the folder of the first thing that names it
 * (`tramites/…`, `expedientes/…`, else `otros/`); a communication's files in `comunicaciones/…`.
 * Names come from the archive's rules (`entryNames`: order, a safe name, the real type's
 * extension, unique); `datos.json` gives each file row its path in the ZIP (`archivo`).
 */
import { parseJson, type DbOrTx } from "../../db/index.js";
import { entryNames } from "../archive/index.js";
import { citizenRows, type CitizenRows } from "./repository.js";

type ExportedTable = keyof CitizenRows;

const STORAGE_KEY = "Nombre interno del archivo guardado; el archivo mismo va en el ZIP (columna «archivo»).";

/** The exported tables: what each holds, and the columns left out with the reason. */
export const EXPORTED: Record<ExportedTable, { title: string; omit?: Record<string, string> }> = {
  citizens: {
    title: "Tu perfil",
    omit: { password_hash: "Resumen cifrado de tu contraseña del entorno de pruebas: es secreto y no sirve para conocerla." },
  },
  dd_adhesions: { title: "Tu adhesión al domicilio digital" },
  dd_communications: { title: "Comunicaciones de tu domicilio digital" },
  dd_communication_files: { title: "Archivos de las comunicaciones", omit: { storage_key: STORAGE_KEY } },
  dd_history: { title: "Historial de las comunicaciones" },
  proc_instances: { title: "Tus trámites" },
  proc_history: { title: "Historial de los trámites" },
  proc_received_docs: { title: "Documentos adjuntos de los trámites" },
  chat_events: { title: "Conversaciones de los trámites" },
  chat_documents: { title: "Documentos pedidos y enviados en las conversaciones" },
  chat_form_data: { title: "Formularios que completaste" },
  records: { title: "Tus expedientes" },
  record_associations: { title: "Asociaciones de tus expedientes" },
  record_documents: { title: "Documentos de tus expedientes" },
  files: { title: "Archivos guardados (subidos por ti o agregados a tus trámites y expedientes)", omit: { storage_key: STORAGE_KEY } },
  receipts: { title: "Tus comprobantes" },
  operator_accesses: { title: "Accesos de la administración a tus datos" },
  access_digests: { title: "Tu resumen diario de accesos por correo: si lo recibes y hasta cuándo se te informó" },
};

const SAME_FOR_EVERYONE = "Datos de referencia del portal, iguales para todas las personas.";

/** The tables that hold nothing about the citizen the export could give, and why. */
export const NOT_EXPORTED: Record<string, string> = {
  module_configs: SAME_FOR_EVERYONE,
  module_tabs: SAME_FOR_EVERYONE,
  app_settings: SAME_FOR_EVERYONE,
  dd_communication_types: SAME_FOR_EVERYONE,
  dd_legal_texts: SAME_FOR_EVERYONE,
  proc_catalogue: SAME_FOR_EVERYONE,
  chat_forms: SAME_FOR_EVERYONE,
  dd_inbox_counts: "Cuántas comunicaciones tienes y cuántas sin leer, contadas de las que ya están en dd_communications.",
  dd_comm_fts: "Índice de búsqueda de asuntos (solo en SQLite), hecho de los asuntos que ya están en dd_communications.",
  oidc_payloads: "Sesiones y credenciales del inicio de sesión: son secretas y vencen solas.",
  revoked_tokens: "Identificadores de sesiones ya cerradas, guardados hasta que vencen.",
  operators: "Las personas de la administración y sus credenciales; el nombre y el organismo de quien accedió van en cada acceso.",
  file_renditions: "Imágenes y textos de las páginas de tus archivos, sacados de los archivos que ya van completos en el ZIP.",
  rate_limit_hits: "Contadores de intentos por período (protección contra abusos), que se borran cuando termina el período.",
  chat_idempotency: "Claves técnicas contra envíos duplicados, sin contenido.",
  upload_leases: "Subidas de archivos en curso, para limitar cuántas van a la vez; duran minutos y no guardan el archivo.",
  schema_compatibility: "La versión de la estructura de la base de datos, la misma para todos; no trata de ninguna persona.",
  mail_outbox:
    "Correos por enviar y enviados hace pocos días: se guardan por dirección y no por persona, y se dejan fuera para que nunca entre el correo de otra persona con la misma dirección.",
  data_exports: "El registro de este mismo archivo: cuándo se preparó y hasta cuándo se entrega otra vez.",
  operator_changes:
    "Cambios de la configuración del portal hechos por la administración (módulos, dirección de cierre de sesión): son los mismos para todos y no tratan de ninguna persona.",
  written_blobs:
    "Nombres internos de los archivos que guardó el portal, para que la limpieza borre solo los suyos; los archivos mismos van en el ZIP.",
};

/** One file in the ZIP: its path and the blob it comes from. */
export type ExportFile = { path: string; storageKey: string; date: string };

export type CitizenData = {
  /** when the rows were read (ISO) */
  readAt: string;
  cuil: string;
  rows: CitizenRows;
  /** `datos.json`'s tables: the rows as JSON, without the omitted columns, with `archivo` on file rows */
  tables: Record<ExportedTable, Record<string, unknown>[]>;
  files: ExportFile[];
  /** path in the ZIP of each file row (`files.id`) and communication file (`dd_communication_files.id`) */
  pathOf: Map<string, string>;
};

type Placed = { id: string; name: string; mime: string; storageKey: string; date: string };

/** Places one folder's files: `folder/01 - name.ext`, … */
function place(folder: string, items: Placed[], out: CitizenData) {
  const names = entryNames(items.map((item, i) => ({ order: i + 1, name: item.name, mime: item.mime })));
  items.forEach((item, i) => {
    const path = `${folder}/${names[i]}`;
    out.pathOf.set(item.id, path);
    out.files.push({ path, storageKey: item.storageKey, date: item.date });
  });
}

/** One area's folders, `area/01 - label/…`: numbered in row order, only those with files (the archive's name rules). */
function placeArea(area: string, folders: { label: string; items: Placed[] }[], out: CitizenData) {
  const used = folders.filter((f) => f.items.length > 0);
  const names = entryNames(used.map((f, i) => ({ order: i + 1, name: f.label.slice(0, 60), mime: "" })));
  used.forEach((f, i) => place(`${area}/${names[i]}`, f.items, out));
}

/** The file ids a procedure names: its attachments, its conversation's documents, its history's files. */
function procedureFileIds(rows: CitizenRows, instanceId: string): { id: string; name: string }[] {
  const named: { id: string; name: string }[] = [];
  for (const r of rows.proc_received_docs) if (r.instance_id === instanceId) named.push({ id: r.file_id, name: r.file_name });
  for (const d of rows.chat_documents)
    if (d.instance_id === instanceId && d.file_id) named.push({ id: d.file_id, name: d.file_name ?? d.description });
  for (const h of rows.proc_history) {
    if (h.instance_id !== instanceId) continue;
    for (const f of parseJson<{ fileId?: string; name?: string }[]>(h.files, []))
      if (f.fileId) named.push({ id: f.fileId, name: f.name ?? "" });
  }
  return named;
}

function placeFiles(out: CitizenData) {
  const { rows } = out;
  const owned = new Map(rows.files.map((f) => [f.id, f]));
  const taken = new Set<string>();
  /** The citizen's files among `named`, each once across the whole ZIP. */
  const claim = (named: { id: string; name: string }[]) => {
    const items: Placed[] = [];
    for (const n of named) {
      const file = owned.get(n.id);
      if (!file || taken.has(n.id)) continue;
      taken.add(n.id);
      items.push({ id: file.id, name: n.name || file.name, mime: file.mime, storageKey: file.storage_key, date: file.created_at });
    }
    return items;
  };

  placeArea(
    "comunicaciones",
    rows.dd_communications.map((c) => ({
      label: c.code,
      items: rows.dd_communication_files
        .filter((f) => f.communication_code === c.code)
        .map((f) => ({ id: f.id, name: f.file_name, mime: f.mime, storageKey: f.storage_key, date: c.created_at })),
    })),
    out,
  );
  placeArea(
    "tramites",
    rows.proc_instances.map((p) => ({ label: p.title || p.id.slice(0, 8), items: claim(procedureFileIds(rows, p.id)) })),
    out,
  );
  placeArea(
    "expedientes",
    rows.records.map((r) => ({
      label: r.code,
      items: claim(rows.record_documents.filter((d) => d.record_id === r.id).map((d) => ({ id: d.file_id, name: d.name }))),
    })),
    out,
  );
  place("otros", claim(rows.files.map((f) => ({ id: f.id, name: f.name }))), out);
}

/** A row as `datos.json` gives it: without the omitted columns, sizes as numbers on both databases. */
function jsonRow(table: ExportedTable, row: object, pathOf: Map<string, string>): Record<string, unknown> {
  const omit = EXPORTED[table].omit ?? {};
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (column in omit) continue;
    out[column] = column === "size" && value !== null ? Number(value) : value;
  }
  if (table === "files" || table === "dd_communication_files") out.archivo = pathOf.get(String(out.id)) ?? null;
  return out;
}

/** Everything the export holds about `cuil`, read in one transaction (one consistent snapshot). */
export async function citizenData(db: DbOrTx, cuil: string, now = new Date()): Promise<CitizenData> {
  const rows = await readConsistently(db, (trx) => citizenRows(trx, cuil));
  const out: CitizenData = { readAt: now.toISOString(), cuil, rows, tables: {} as CitizenData["tables"], files: [], pathOf: new Map() };
  placeFiles(out);
  for (const table of Object.keys(EXPORTED) as ExportedTable[]) {
    out.tables[table] = (rows[table] as object[]).map((row) => jsonRow(table, row, out.pathOf));
  }
  return out;
}

/** Reads in one transaction; on PostgreSQL a repeatable-read one, so every query sees the same moment. */
function readConsistently<T>(db: DbOrTx, work: (trx: DbOrTx) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().setIsolationLevel("repeatable read").execute(work);
}

/** The name of `datos.json`'s format, and its version (docs/data-export.md). */
export const FORMAT = { name: "atencion-virtual/datos", version: 1 } as const;

/** `datos.json`: every row, table by table, and what is left out and why. */
export function datosJson(data: CitizenData): string {
  const omitted: Record<string, string> = {};
  for (const [table, spec] of Object.entries(EXPORTED)) {
    for (const [column, reason] of Object.entries(spec.omit ?? {})) omitted[`${table}.${column}`] = reason;
  }
  const document = {
    formato: FORMAT.name,
    version: FORMAT.version,
    preparado: data.readAt,
    cuil: data.cuil,
    tablas: data.tables,
    descripcion_tablas: Object.fromEntries(Object.entries(EXPORTED).map(([table, spec]) => [table, spec.title])),
    columnas_no_incluidas: omitted,
    tablas_no_incluidas: NOT_EXPORTED,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
