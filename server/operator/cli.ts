import path from "node:path";
import { parseArgs } from "node:util";
import { backupSqlite, restoreSqlite } from "./backup.js";
import { ConfigError, loadConfig } from "../config.js";
import { createDatabase } from "../db/index.js";
import type { OperatorCall, OperatorCommand } from "./command-types.js";
import { operatorCommandSets } from "./commands.js";
import { operatorAdminCommands } from "./operators.js";

/**
 * The operator CLI: `npm run operator -- <command> [options]`. It speaks to a
 * running API (`OPERATOR_API_URL`, default http://127.0.0.1:$API_PORT or :4000, said on every run) with `OPERATOR_TOKEN` (a named
 * operator's token, or the development one) and, for calls on a citizen's data, the purpose given
 * with `--motivo` (decision 071). `operators:*` work on the database directly (decision 007).
 */
const commands: Record<string, OperatorCommand> = Object.assign({}, ...operatorCommandSets);

const baseUrl = (process.env.OPERATOR_API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 4000}`).replace(/\/+$/, "");
const token = process.env.OPERATOR_TOKEN ?? "dev-operator-token-change-me";

/** `--motivo`: the purpose of an access to a citizen's data (decision 071), sent as `X-Motivo`. */
let purpose: string | undefined;

const call: OperatorCall = async (method, path, body) => {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (purpose) headers["X-Motivo"] = encodeURIComponent(purpose);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/operator/api${path}`, { method, headers, body: payload });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new Error(
      `No se pudo conectar con la API en ${baseUrl}${cause ? ` (${cause})` : ""}. Indique su dirección con OPERATOR_API_URL.`,
    );
  }
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) throw new Error(`${response.status}: ${text}`);
  return data;
};

/** Where the commands talk, said in the help and before every call (issue 31): never a silent port 4000. */
const whereText = () =>
  `API del operador: ${baseUrl}${process.env.OPERATOR_API_URL ? " (OPERATOR_API_URL)" : " (por defecto; otra con OPERATOR_API_URL)"}`;

function help() {
  console.log("Uso: npm run operator -- <comando> [opciones] [--motivo TEXTO]\n");
  console.log(
    "Variables: OPERATOR_API_URL (dirección de la API; por defecto http://127.0.0.1:$API_PORT, o :4000), OPERATOR_TOKEN (token del operador), OPERATOR_MOTIVO (motivo por defecto).",
  );
  console.log(`${whereText()}\n`);
  const all = { ...commands, ...operatorAdminCommands };
  for (const [name, command] of Object.entries(all).sort())
    console.log(`  ${name.padEnd(28)} ${command.description}\n    ${command.usage}`);
  console.log(
    `  ${"backup:create".padEnd(28)} Respaldo en línea de la base SQLite y los archivos en disco (la API sigue atendiendo).\n    backup:create --to CARPETA`,
  );
  console.log(
    `  ${"backup:restore".padEnd(28)} Restaura un respaldo en un DATA_DIR vacío (con la API detenida) y cuenta filas y archivos.\n    backup:restore --from CARPETA`,
  );
}

const [name, ...rest] = process.argv.slice(2);
if (!name || name === "help" || name === "--help") {
  help();
  process.exit(name ? 0 : 1);
}
if (name === "backup:create" || name === "backup:restore") {
  try {
    const { values } = parseArgs({ args: rest, options: { to: { type: "string" }, from: { type: "string" } }, strict: true });
    const config = loadConfig();
    if (config.DATABASE_URL)
      throw new Error(
        "PostgreSQL: use pg_dump / pg_basebackup and the object store's tools (docs/deployment.md, «Copias de seguridad y restauración»)",
      );
    const place = { dataDir: config.dataDir, blobStore: config.BLOB_STORE };
    const folder = name === "backup:create" ? values.to : values.from;
    if (!folder) throw new Error(name === "backup:create" ? "falta --to CARPETA" : "falta --from CARPETA");
    const report =
      name === "backup:create" ? await backupSqlite(place, path.resolve(folder)) : await restoreSqlite(place, path.resolve(folder));
    console.log(JSON.stringify(report, null, 2));
    if (report.missingBlobs > 0 || ("matchesManifest" in report && !report.matchesManifest)) process.exitCode = 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
  process.exit();
}
const admin = operatorAdminCommands[name];
if (admin) {
  try {
    const { values } = parseArgs({ args: rest, options: admin.options, strict: true });
    const config = loadConfig();
    const { db } = await createDatabase({ databaseUrl: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, dataDir: config.dataDir });
    try {
      console.log(JSON.stringify(await admin.run(values, db), null, 2));
    } finally {
      await db.destroy();
    }
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
  process.exit();
}
const command = commands[name];
if (!command) {
  console.error(`Comando desconocido: ${name}\n`);
  help();
  process.exit(1);
}
// On stderr: the command's answer (JSON on stdout) stays readable by a script.
console.error(whereText());
try {
  const { values } = parseArgs({ args: rest, options: { ...command.options, motivo: { type: "string" } }, strict: true });
  purpose = typeof values.motivo === "string" ? values.motivo : process.env.OPERATOR_MOTIVO;
  delete values.motivo;
  const result = await command.run(values, call);
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
