import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.js";
import { createDatabase } from "../db/index.js";
import type { OperatorCall, OperatorCommand } from "./command-types.js";
import { operatorCommandSets } from "./commands.js";
import { operatorAdminCommands } from "./operators.js";

/**
 * The operator CLI: `npm run operator -- <command> [options]`. It speaks to a
 * running API (`OPERATOR_API_URL`, default http://127.0.0.1:4000) with `OPERATOR_TOKEN` (a named
 * operator's token, or the development one) and, for calls on a citizen's data, the purpose given
 * with `--motivo` (decision 071). `operators:*` work on the database directly (decision 070).
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
  const response = await fetch(`${baseUrl}/operator/api${path}`, { method, headers, body: payload });
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) throw new Error(`${response.status}: ${text}`);
  return data;
};

function help() {
  console.log("Uso: npm run operator -- <comando> [opciones] [--motivo TEXTO]\n");
  const all = { ...commands, ...operatorAdminCommands };
  for (const [name, command] of Object.entries(all).sort())
    console.log(`  ${name.padEnd(28)} ${command.description}\n    ${command.usage}`);
}

const [name, ...rest] = process.argv.slice(2);
if (!name || name === "help" || name === "--help") {
  help();
  process.exit(name ? 0 : 1);
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
