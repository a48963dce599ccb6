import { parseArgs } from "node:util";
import { operatorCommandSets, type OperatorCall, type OperatorCommand } from "./commands.js";

/**
 * The operator CLI: `npm run operator -- <command> [options]`. It speaks to a
 * running API (`OPERATOR_API_URL`, default http://127.0.0.1:4000) with `OPERATOR_TOKEN`.
 */
const commands: Record<string, OperatorCommand> = Object.assign({}, ...operatorCommandSets);

const baseUrl = (process.env.OPERATOR_API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 4000}`).replace(/\/+$/, "");
const token = process.env.OPERATOR_TOKEN ?? "dev-operator-token-change-me";

const call: OperatorCall = async (method, path, body) => {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
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
  console.log("Uso: npm run operator -- <comando> [opciones]\n");
  for (const [name, command] of Object.entries(commands).sort()) console.log(`  ${name.padEnd(28)} ${command.description}\n    ${command.usage}`);
}

const [name, ...rest] = process.argv.slice(2);
if (!name || name === "help" || name === "--help") {
  help();
  process.exit(name ? 0 : 1);
}
const command = commands[name];
if (!command) {
  console.error(`Comando desconocido: ${name}\n`);
  help();
  process.exit(1);
}
try {
  const { values } = parseArgs({ args: rest, options: command.options, strict: true });
  const result = await command.run(values, call);
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
