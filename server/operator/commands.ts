import { citizenCommands } from "./citizens.js";
import { configCommands } from "./config.js";
import { procedureCommands } from "./procedures.js";
import { chatCommands } from "./chat.js";
import { digitalCommands } from "./digital.js";
import { recordCommands } from "./records.js";
import { threadCommands } from "./thread.js";
import { mailCommands } from "./mail.js";
import { storageCommands } from "./storage.js";
import { whoamiCommands } from "./whoami.js";
import type { ParseArgsConfig } from "node:util";

/**
 * Commands of the operator CLI (`npm run operator -- <command> …`). Each module
 * adds its own record of commands to `operatorCommandSets` below (one line).
 * A command turns its options into one or more calls to the operator API.
 */
export type OperatorCall = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown | FormData) => Promise<unknown>;

export type OperatorCommand = {
  usage: string;
  description: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  run: (values: Record<string, string | boolean | (string | boolean)[] | undefined>, call: OperatorCall) => Promise<unknown>;
};

/** Every command set of the CLI. A module adds its record here (one line). */
export const operatorCommandSets: Record<string, OperatorCommand>[] = [
  citizenCommands,
  configCommands,
  procedureCommands,
  digitalCommands,
  recordCommands,
  chatCommands,
  threadCommands,
  mailCommands,
  storageCommands,
  whoamiCommands,
];
