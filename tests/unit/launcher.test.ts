import { spawn, type ChildProcess } from "node:child_process";
import { describe, expect, it } from "vitest";
import { supervise, waitFor } from "../../scripts/stack";

/**
 * Issue 28: `npm start`'s launcher starts a child that dies again, and gives up with the reason when
 * it keeps dying; waiting for a child that crashed (killed by a signal: SQLite's SIGSEGV on an older
 * Node) fails at once with the signal, not after the whole wait.
 */
const node = (code: string) => spawn(process.execPath, ["-e", code], { stdio: "ignore" });
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

describe("the launcher's supervision", () => {
  it("starts a child that was killed again", { timeout: 60_000 }, async () => {
    const lines: string[] = [];
    const starts: ChildProcess[] = [];
    let restarted!: () => void;
    const second = new Promise<void>((r) => (restarted = r));
    const watched = supervise(
      "portal",
      () => {
        const child = starts.length === 0 ? node("process.kill(process.pid, 'SIGKILL')") : node("setInterval(() => {}, 1000)");
        starts.push(child);
        if (starts.length === 2) restarted();
        return child;
      },
      { onGiveUp: () => {}, log: (line) => lines.push(line) },
    );
    await second;
    expect(lines).toEqual(["portal was killed by SIGKILL: starting it again"]);
    watched.release();
    watched.child.kill("SIGTERM");
    await exited(watched.child);
    expect(starts).toHaveLength(2);
  });

  it("gives up with the reason when the child keeps dying", { timeout: 60_000 }, async () => {
    let starts = 0;
    const reason = await new Promise<string>((resolve) =>
      supervise(
        "api",
        () => {
          starts++;
          return node("process.exit(3)");
        },
        { onGiveUp: resolve, log: () => {}, maxRestarts: 2, windowMs: 60_000 },
      ),
    );
    expect(reason).toBe("api exited with code 3; restarted 2 times within 60 s, giving up");
    expect(starts).toBe(3);
  });

  it("waiting for a child killed by a signal fails at once, naming the signal", { timeout: 60_000 }, async () => {
    const child = node("process.kill(process.pid, 'SIGSEGV')");
    await exited(child);
    await expect(waitFor("http://127.0.0.1:9/health", child, 600_000)).rejects.toThrow(/was killed by SIGSEGV/);
  });
});
