import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MIN_NODE, unsupportedNode } from "../../common/node-line";

const root = path.resolve(__dirname, "../..");

/**
 * Issue 28: a rejection nobody awaited is logged and the process goes on; an exception thrown outside
 * everything is logged and ends the process with code 1 (for its supervisor to restart it); an older
 * Node.js is refused with the supported lines.
 */
describe("process-level faults", () => {
  it("logs an unhandled rejection and goes on; exits 1 on an uncaught exception", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/unit/process-faults.child.ts"], { cwd: root });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += String(c)));
    child.stderr.on("data", (c: Buffer) => (err += String(c)));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(out).toContain("alive after the rejection");
    const lines = err
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { msg: string; err: { message: string } });
    expect(lines.map((l) => [l.msg, l.err.message])).toEqual([
      ["unhandled rejection (the process goes on)", "nobody awaits this"],
      ["uncaught exception (the process exits to be restarted)", "thrown outside any request"],
    ]);
    expect(code).toBe(1);
  }, 30_000);
});

describe("the supported Node.js lines", () => {
  it("refuses an older Node.js with the supported lines, accepts 22.12+ and 24", () => {
    expect(unsupportedNode("20.19.0")).toMatch(/Node\.js 20\.19\.0 is not supported.*22 \(22\.12 or later\) and 24/);
    expect(unsupportedNode("22.11.0")).not.toBeNull();
    expect(unsupportedNode("22.12.0")).toBeNull();
    expect(unsupportedNode("24.1.0")).toBeNull();
  });

  it("says what package.json's engines say", () => {
    const { engines } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } };
    expect(engines.node).toBe(`>=${MIN_NODE.major}.${MIN_NODE.minor}`);
  });

  it("the API refuses to start on an older Node.js at once, with the reason", async () => {
    // The check itself, as the API's first statement runs it, on a version it must refuse.
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "-e", 'Object.defineProperty(process.versions, "node", { value: "20.19.0" }); await import("./server/main.ts");'],
      { cwd: root, env: { ...process.env, DATA_DIR: "/nonexistent-never-opened" } },
    );
    let err = "";
    child.stderr.on("data", (c: Buffer) => (err += String(c)));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(err).toContain("api: Node.js 20.19.0 is not supported");
  }, 90_000);
});
