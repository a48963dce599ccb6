/**
 * GET /metrics (decision 061): Prometheus text behind METRICS_TOKEN; request figures labelled by
 * route pattern, never by a URL, query string, cuil or address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { enqueueMail } from "../../server/mail/outbox.js";
import { call, startStack, type TestStack } from "./harness.js";

const TOKEN = "metrics-token-for-the-tests-0123";
let stack: TestStack;

beforeAll(async () => {
  stack = await startStack({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await stack?.close();
});

const scrape = (token?: string) => fetch(`${stack.api}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("metrics", () => {
  it("answers only with the token, in the Prometheus text format", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("wrong-token-wrong-token-wrong")).status).toBe(401);
    const ok = await scrape(TOKEN);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await ok.text()).toMatch(/^# HELP /m);
  });

  it("labels requests by route pattern and status, without cuil, query string or address", async () => {
    const citizen = demoCitizens[0]!;
    const token = await stack.sign({ sub: citizen.cuil });
    const inbox = await call(stack, `/api/dd/v1/communications/inbox/${citizen.cuil}?search=secreto-de-busqueda`, {
      token,
      headers: { "user-id": citizen.cuil },
    });
    expect(inbox.status).toBe(200);
    await call(stack, `/api/dd/v1/communications/inbox/${citizen.cuil}`, { headers: { "user-id": citizen.cuil } });
    await call(stack, `/no/existe/${citizen.cuil}`);
    await enqueueMail(stack.db, { kind: "updated", to: "privado@example.com", subject: "S", text: "T" });
    await stack.app.mailOutbox.drain();
    await enqueueMail(stack.db, { kind: "updated", to: "privado@example.com", subject: "S", text: "T" });

    const text = await (await scrape(TOKEN)).text();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/dd\/v1\/communications\/inbox\/:cuil",status="200"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/dd\/v1\/communications\/inbox\/:cuil",status="303"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\(no route\)",status="404"\} 1$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/dd\/v1\/communications\/inbox\/:cuil",status="200"\} \d+$/m,
    );
    expect(text).toMatch(/^mail_send_total\{kind="updated",outcome="sent"\} 1$/m);
    expect(text).toMatch(/^mail_outbox_rows\{status="pending"\} 1$/m);
    expect(text).toMatch(/^mail_outbox_oldest_pending_seconds \d/m);
    expect(text).toMatch(/^render_queue_jobs\{state="queued"\} 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    if (stack.dialect === "postgres") expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
    for (const secret of [citizen.cuil, "secreto-de-busqueda", "privado@example.com", "search="]) expect(text).not.toContain(secret);
  });

  it("counts the bytes of uploads by route", async () => {
    const citizen = demoCitizens[0]!;
    const token = await stack.sign({ sub: citizen.cuil });
    const form = new FormData();
    form.append("file", new Blob([Buffer.from("%PDF-1.4\n%%EOF\n")], { type: "application/pdf" }), "a.pdf");
    const res = await fetch(`${stack.api}/api/fs/raw/bucket`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}`, "user-id": citizen.cuil },
    });
    expect(res.status).toBeLessThan(500);
    const text = await (await scrape(TOKEN)).text();
    const line = /^http_upload_bytes_total\{route="\/api\/fs\/raw\/bucket",outcome="(accepted|rejected)"\} (\d+)$/m.exec(text);
    expect(line).not.toBeNull();
    expect(Number(line![2])).toBeGreaterThan(100);
  });

  it("has no route without a token configured", async () => {
    const app = await buildApp({ config: { ...stack.config, METRICS_TOKEN: undefined }, db: stack.db, logger: false, mailWorker: false });
    try {
      expect((await app.inject({ url: "/metrics" })).statusCode).toBe(404);
      expect((await app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
