import { citizenCommands } from "./citizens.js";
import { configCommands } from "./config.js";
import { procedureCommands } from "./procedures.js";
import { chatCommands } from "./chat.js";
import { digitalCommands } from "./digital.js";
import { recordCommands } from "./records.js";
import { threadCommands } from "./thread.js";
import { mailCommands } from "./mail.js";
import { storageCommands } from "./storage.js";
import { renditionsCommands } from "./renditions.js";
import { whoamiCommands } from "./whoami.js";
import type { OperatorCommand } from "./command-types.js";

/**
 * Commands of the operator CLI (`npm run operator -- <command> …`). Each module
 * adds its own record of commands to `operatorCommandSets` below (one line).
 * A command turns its options into one or more calls to the operator API (command-types.ts).
 */
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
  renditionsCommands,
  whoamiCommands,
];
