/**
 * What a process does with an error nobody handled (issue 28). A rejected promise nobody awaited is
 * logged and the process goes on: the request it belonged to has already answered or failed, and
 * nothing shared was left half-changed by a rejection. An exception thrown outside any request leaves
 * the process in a state nobody knows: it is logged and the process exits with code 1, for its
 * supervisor (`npm start`'s launcher, systemd, the orchestrator) to start it again. One JSON line each,
 * the error's name, message and stack only (never a request's data). Server code only.
 */
export function installFaultHandlers(service: string, write: (line: string) => void = (line) => process.stderr.write(line)) {
  const line = (msg: string, error: unknown) => {
    const err = error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { message: String(error) };
    write(`${JSON.stringify({ time: new Date().toISOString(), level: "error", service, msg, err })}\n`);
  };
  process.on("unhandledRejection", (reason) => line("unhandled rejection (the process goes on)", reason));
  process.on("uncaughtException", (error) => {
    line("uncaught exception (the process exits to be restarted)", error);
    process.exitCode = 1;
    // Give the line a moment to reach the log, then go.
    setTimeout(() => process.exit(1), 100).unref();
  });
}
