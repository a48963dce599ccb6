import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Clean restarts of the portal (decision 062): on SIGTERM the process stops accepting, lets the
 * request in flight finish, closes idle keep-alive connections, and exits 0 (1 only past the
 * shutdown timeout: 4 s here, below the 5 s an idle keep-alive connection would hold the process).
 */
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

function get(port: number, path: string, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

describe("portal drain on SIGTERM", () => {
  it("finishes the request in flight, refuses new connections, closes idle ones and exits 0", async () => {
    child = spawn(process.execPath, ["--import", "tsx", "tests/unit/portal-drain.child.ts"], {
      env: { ...process.env, SLOW_MS: "1000", SHUTDOWN_TIMEOUT_MS: "4000" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child!.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
      child!.once("exit", (code) => reject(new Error(`portal exited early (${code})`)));
    });
    const exited = new Promise<number | null>((resolve) => child!.once("exit", (code) => resolve(code)));

    // An idle keep-alive connection (a browser's), then a request still being answered.
    const idle = new http.Agent({ keepAlive: true });
    expect((await get(port, "/", idle)).status).toBe(200);
    const inFlight = get(port, "/slow", new http.Agent({ keepAlive: true }));
    await new Promise((r) => setTimeout(r, 300));

    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    await expect(get(port, "/", new http.Agent())).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(await inFlight).toEqual({ status: 200, body: "hecho" });
    expect(await exited).toBe(0);
    idle.destroy();
  }, 60_000);
});
