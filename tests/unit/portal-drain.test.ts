import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { until } from "../until";

/**
 * Clean restarts of the portal (decision 018): on SIGTERM the process stops accepting, lets the
 * request in flight finish, closes idle keep-alive connections, and exits 0 (1 only past the
 * shutdown timeout: 30 s here, below the minute an idle keep-alive connection would hold the child).
 * The slow request ends when the test says so (a line on the child's stdin), so a loaded machine
 * cannot make it finish before the refusal is seen.
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

/** The portal of portal-drain.child.ts with `env`, once it listens: the process, its port and the lines it printed. */
async function startPortal(env: Record<string, string>) {
  const proc = spawn(process.execPath, ["--import", "tsx", "tests/unit/portal-drain.child.ts"], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  child = proc;
  const lines: string[] = [];
  proc.stdout!.on("data", (chunk: Buffer) => lines.push(...chunk.toString().split("\n").filter(Boolean)));
  await until(() => lines.length > 0 || proc.exitCode !== null, "the portal's port");
  if (proc.exitCode !== null) throw new Error(`portal exited early (${proc.exitCode})`);
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  return { proc, port: Number(lines[0]), lines, exited };
}

describe("portal drain on SIGTERM", () => {
  it("finishes the request in flight, refuses new connections, closes idle ones and exits 0", async () => {
    const { proc, port, lines, exited } = await startPortal({ SHUTDOWN_TIMEOUT_MS: "30000", SHUTDOWN_NOT_READY_MS: "0" });

    // An idle keep-alive connection (a browser's), then a request still being answered.
    const idle = new http.Agent({ keepAlive: true });
    expect((await get(port, "/", idle)).status).toBe(200);
    let answered = false;
    const inFlight = get(port, "/slow", new http.Agent({ keepAlive: true })).finally(() => (answered = true));
    await until(() => lines.includes("slow"), "the slow request to reach the portal");

    proc.kill("SIGTERM");
    // New connections are refused once the drain has begun, while the slow request is still being answered.
    const refused = () =>
      get(port, "/", new http.Agent()).then(
        () => false,
        (error: NodeJS.ErrnoException) => error.code === "ECONNREFUSED",
      );
    await until(refused, "new connections to be refused");
    expect(answered, "refused while the slow request was still in flight").toBe(false);
    proc.stdin!.write("answer\n");
    expect(await inFlight).toEqual({ status: 200, body: "hecho" });
    expect(await exited).toBe(0);
    idle.destroy();
  }, 60_000);

  it("on SIGTERM first answers /health/ready with 503 for SHUTDOWN_NOT_READY_MS while pages are still served, then exits 0 (decision 018)", async () => {
    // The API the portal's readiness asks: ready.
    const api = http.createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}'));
    await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
    const apiPort = (api.address() as { port: number }).port;
    try {
      const { proc, port, exited } = await startPortal({
        SHUTDOWN_TIMEOUT_MS: "4000",
        SHUTDOWN_NOT_READY_MS: "8000",
        API_BASE_URL: `http://127.0.0.1:${apiPort}`,
      });
      const agent = new http.Agent();
      expect((await get(port, "/health/ready", agent)).status).toBe(200);

      proc.kill("SIGTERM");
      let ready = await get(port, "/health/ready", agent);
      while (ready.status === 200) ready = await get(port, "/health/ready", agent);
      expect(ready).toEqual({ status: 503, body: JSON.stringify({ status: "unavailable", failed: "draining" }) });
      // Not ready, and still serving: nothing is refused while the balancer moves away.
      expect(await get(port, "/", agent)).toEqual({ status: 200, body: "inicio" });
      expect(proc.exitCode).toBeNull();
      expect(await exited).toBe(0);
    } finally {
      api.close();
    }
  }, 60_000);
});
