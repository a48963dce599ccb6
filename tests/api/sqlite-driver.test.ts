/**
 * The SQLite driver on the Node.js lines we support (decision 001): a process that migrates, runs
 * thousands of queries and lets the garbage collector free their prepared statements keeps going
 * and exits normally. better-sqlite3 12 aborted such a process on Node 24.19 and later
 * (`Assertion failed: (env) != nullptr` when a statement was collected), right after the
 * migrations. A child process, so an abort is reported as one instead of killing the test worker.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { migrations } from "../../server/db/migrations/index.js";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), "av-sqlite-driver-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("SQLite driver", () => {
  it("survives its prepared statements being garbage-collected, and the process exits normally", async () => {
    const child = run(process.execPath, [
      "--expose-gc",
      "--import",
      "tsx",
      "tests/api/sqlite-driver.child.ts",
      path.join(dir, "gc.sqlite"),
    ]);
    const { stdout } = await child.catch((error: { code?: number; signal?: string; stderr?: string }) => {
      throw new Error(`child ended with ${error.signal ?? `exit ${error.code}`}: ${error.stderr?.slice(0, 2000)}`);
    });
    expect(stdout.trim()).toBe(`ok ${Object.keys(migrations).length} 0`);
  }, 60_000);
});
