import type { ParseArgsConfig } from "node:util";

/**
 * What a command of the operator CLI is. A module of its own, below the command modules and the
 * registry that lists them (commands.ts), so that neither imports the other for a type.
 */

/** One call to the operator API, made by the CLI with the operator's token and `--motivo`. */
export type OperatorCall = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown | FormData) => Promise<unknown>;

/** A command: its usage line, its description, its options, and what it does with their values and its context. */
export type CliCommand<Context> = {
  usage: string;
  description: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  run: (values: Record<string, string | boolean | (string | boolean)[] | undefined>, context: Context) => Promise<unknown>;
};

/** A command that speaks to the operator API. */
export type OperatorCommand = CliCommand<OperatorCall>;
