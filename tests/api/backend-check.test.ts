import { execFile } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type TestStack } from "./harness";

/**
 * `npm run backend:check` (decision 098): every read-only call of spec section 7 through the
 * portal's readers, against our reference backend and against backends that bend or break the shapes.
 */
const MARIA = "27293847563";

function runCheck(apiUrl: string, token: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/backend-check.ts", "--api-url", apiUrl, "--token", token],
      { env: { ...process.env, NODE_ENV: "test" }, timeout: 60_000 },
      (error, stdout) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: stdout }),
    );
  });
}

/** A backend of a few calls only; every other call answers 404. */
async function tinyBackend(answers: Record<string, unknown>): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0]!;
    const body = answers[path];
    if (body === undefined) return void res.writeHead(404, { "content-type": "application/json" }).end('{"code":"NOT_FOUND"}');
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe("the backend checker", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack();
  }, 120_000);
  afterAll(() => stack?.close());

  it("reads every read-only call of our reference backend, and makes none that changes something", async () => {
    const { code, out } = await runCheck(stack.api, await stack.sign({ sub: MARIA }));
    expect(out).toMatch(/^✔ GET \/api\/v4\/instances\/config$/m);
    expect(out).toMatch(/extensiones ofrecidas: requirements, linked-communications/);
    expect(out).toMatch(/^✔ GET \/api\/dd\/v1\/communications\/inbox\/\{cuil\}$/m);
    expect(out).toMatch(/^✔ GET \/api\/v4\/filemanager\/\{id\}\/incorporated$/m);
    expect(out).toMatch(/^· GET \/api\/dd\/v1\/communications\/get_one\/\{code\}$/m);
    expect(out).not.toMatch(/^✘/m);
    expect(out).toMatch(/0 no legibles, 0 fallidas/);
    expect(code).toBe(0);
  }, 120_000);

  it("names the tolerances a backend needs, and each field it cannot read (types only, never a value)", async () => {
    const backend = await tinyBackend({
      "/api/security/user/get_roles": { cn: "Ana Secreta", cuil: 27293847563 },
      "/api/v4/instances/config": {
        modules: [
          {
            id: "procedures",
            enabled: 1,
            pageSize: 10,
            tabs: [
              { code: "t1", description: "x", count: "muchos" },
              { code: "t2", description: "y", count: false },
            ],
          },
        ],
      },
      "/api/v4/instances/count/t1": { count: "3" },
      "/api/v4/instances/t1": { instances: "Ana Secreta" },
      "/api/v4/instances/t2": {
        instances: [
          { id: 1, title: "Ana Secreta", hasAlert: "quizás" },
          { id: null, title: "Ana Secreta" },
        ],
      },
      "/api/v4/procedures/": [],
    });
    try {
      const { code, out } = await runCheck(backend.url, "any-token");
      expect(out).toMatch(/^≈ GET \/api\/security\/user\/get_roles\n {4}leída con tolerancias: ids as numbers$/m);
      expect(out).toMatch(/^≈ GET \/api\/v4\/instances\/count\/\{t1\}\?module=procedures\n {4}leída con tolerancias: counts as text$/m);
      expect(out).toMatch(/^≈ GET \/api\/v4\/instances\/config\n {4}leída con tolerancias: flags as numbers$/m);
      expect(out).toMatch(
        /^✘ GET \/api\/v4\/instances\/\{t1\}\?module=procedures\n {4}no se puede leer: instances: se espera array, llegó string$/m,
      );
      expect(out).toMatch(/^✘ GET \/api\/dd\/v1\/users\/get_terms\n {4}HTTP 404 NOT_FOUND$/m);
      // Issue 36: what a screen shows without (a field read as empty, an item left out) is a warning naming its path.
      expect(out).toMatch(
        /^! GET \/api\/v4\/instances\/\{t2\}\?module=procedures\n {4}aviso: campo leído como vacío en instances\[\]\.hasAlert \(se espera boolean, llegó string\)\n {4}aviso: elemento omitido de la lista en instances\[\]\.id \(se espera string, llegó null\)/m,
      );
      expect(out).not.toContain("Secreta");
      expect(code).toBe(1);
    } finally {
      backend.close();
    }
  }, 120_000);
});
