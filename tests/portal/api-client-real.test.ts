import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod/v4";
import { apiContext } from "~/lib/session.server";
import { argsOf } from "./helpers";

/**
 * The API client's JSON transport (decision 047) over a real socket, without msw: headers, a JSON
 * body, an answer in many chunks, the 303 rule and a server's error code, kept-open connections, and
 * a form sent as multipart (decision 047), whole or refused before the API read it.
 */
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string; socket: number }[] = [];
const forms: {
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer };
  contentLength: number;
  received: number;
}[] = [];
const sockets = new Map<unknown, number>();
const big = Array.from({ length: 5_000 }, (_, i) => ({ code: `2026-${String(i).padStart(6, "0")}`, subject: "Año á é í ó ú ñ" }));
const backend = http.createServer((req, res) => {
  const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(value));
  // As an API that refuses an upload before reading it: answers, then drops the connection.
  if (req.url === "/refuse-early") {
    return void res
      .writeHead(429, { "content-type": "application/json", connection: "close" })
      .end(JSON.stringify({ code: "TOO_MANY_UPLOADS", message: "Intente más tarde." }), () => req.socket.destroy());
  }
  const raw: Buffer[] = [];
  req.on("data", (c: Buffer) => raw.push(c));
  req.on("end", async () => {
    const body = Buffer.concat(raw).toString("utf8");
    if (req.url === "/form") {
      const parsed = await new Response(Buffer.concat(raw), { headers: { "content-type": req.headers["content-type"]! } }).formData();
      const file = parsed.get("file") as File;
      forms.push({
        fields: Object.fromEntries([...parsed].filter(([, v]) => typeof v === "string") as [string, string][]),
        file: { name: file.name, type: file.type, bytes: Buffer.from(await file.arrayBuffer()) },
        contentLength: Number(req.headers["content-length"]),
        received: Buffer.concat(raw).length,
      });
      return json(200, { result: "f-1" });
    }
    if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size);
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, socket: sockets.get(req.socket)! });
    if (req.url!.startsWith("/big")) return json(200, { items: big });
    if (req.url === "/echo") return json(200, JSON.parse(body || "null"));
    if (req.url === "/moved") return json(303, { location: "/signin-elsewhere" });
    if (req.url === "/refused") return json(409, { code: "ALREADY_ARCHIVED", message: "Ya está archivada." });
    if (req.url === "/empty") return void res.writeHead(204).end();
    json(404, {});
  });
});

let client: typeof import("~/api/client.server");
const ctx = apiContext(argsOf(new Request("http://localhost:3000/digital")), { accessToken: "token-1", cuil: "20123456783" });

beforeAll(async () => {
  await new Promise<void>((r) => backend.listen(0, "127.0.0.1", r));
  vi.resetModules();
  process.env.API_BASE_URL = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  client = await import("~/api/client.server");
});
const savedBaseUrl = process.env.API_BASE_URL;
afterAll(async () => {
  process.env.API_BASE_URL = savedBaseUrl;
  vi.resetModules();
  backend.closeAllConnections();
  await new Promise<void>((r) => backend.close(() => r()));
});

describe("the API client over a real socket", () => {
  it("reads an answer of many chunks whole, with the query, token and User-ID it sent", async () => {
    const schema = z.object({ items: z.array(z.object({ code: z.string(), subject: z.string() })) });
    const answer = await client.apiJson(ctx, client.api`/big`, schema, {
      query: { page: 2, search: "año", none: undefined },
      userId: true,
    });
    expect(answer.items).toEqual(big);
    const call = seen.at(-1)!;
    expect(call.url).toBe("/big?page=2&search=a%C3%B1o");
    expect(call.headers.authorization).toBe("Bearer token-1");
    expect(call.headers["user-id"]).toBe("20123456783");
    expect(call.headers.accept).toBe("application/json");
  });

  it("sends the request id the portal server gave the page (X-Request-Id), so the API logs the same id", async () => {
    const request = new Request("http://localhost:3000/digital", { headers: { "x-request-id": "3f1c9a52-portal-req" } });
    await client.apiJson({ ...ctx, request }, client.api`/echo`, z.null());
    expect(seen.at(-1)!.headers["x-request-id"]).toBe("3f1c9a52-portal-req");
    await client.apiJson(ctx, client.api`/echo`, z.null());
    expect(seen.at(-1)!.headers["x-request-id"]).toBeUndefined();
  });

  it("sends a JSON body with its type and length", async () => {
    const answer = await client.apiJson(ctx, client.api`/echo`, z.object({ message: z.string() }), {
      method: "POST",
      body: { message: "Hola, ñandú" },
    });
    expect(answer).toEqual({ message: "Hola, ñandú" });
    const call = seen.at(-1)!;
    expect(call.method).toBe("POST");
    expect(call.headers["content-type"]).toBe("application/json");
    expect(Number(call.headers["content-length"])).toBe(Buffer.byteLength(call.body));
  });

  it("applies the 303 rule and turns an error answer into an ApiError with its code", async () => {
    const moved = await client.apiJson(ctx, client.api`/moved`, z.unknown()).catch((e: unknown) => e);
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(302);
    const refused = await client.apiJson(ctx, client.api`/refused`, z.unknown()).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, code: "ALREADY_ARCHIVED", serverMessage: "Ya está archivada." });
    await expect(client.apiJson(ctx, client.api`/empty`, z.undefined())).resolves.toBeUndefined();
  });

  it("keeps the connection open between calls", async () => {
    const before = sockets.size;
    for (let i = 0; i < 5; i++) await client.apiJson(ctx, client.api`/echo`, z.number(), { method: "PUT", body: i });
    expect(sockets.size - before).toBeLessThanOrEqual(1);
  });

  it("sends a form as multipart with its length, the file's bytes intact and its odd name kept", async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    const form = new FormData();
    form.set("filename", 'informe "final"; año.pdf');
    form.set("system", "AV");
    form.set("file", new File([bytes], 'informe "final"; año.pdf', { type: "application/pdf" }));
    // What is checked is the bytes, not the speed: the suite's 300 ms timeout is for its fault tests.
    const answer = await client.apiJson(ctx, client.api`/form`, z.object({ result: z.string() }), {
      method: "POST",
      body: form,
      timeoutMs: 10_000,
    });
    expect(answer).toEqual({ result: "f-1" });
    const sent = forms.at(-1)!;
    expect(sent.contentLength).toBe(sent.received);
    expect(sent.fields).toEqual({ filename: 'informe "final"; año.pdf', system: "AV" });
    expect(sent.file.name).toBe('informe "final"; año.pdf');
    expect(sent.file.type).toBe("application/pdf");
    expect(sent.file.bytes.equals(bytes)).toBe(true);
  });

  it("gives the API's refusal of an upload it did not read, not a broken connection", async () => {
    const form = new FormData();
    form.set("file", new File([Buffer.alloc(20 * 1024 * 1024, 1)], "grande.pdf", { type: "application/pdf" }));
    const refused = await client
      .apiJson(ctx, client.api`/refuse-early`, z.unknown(), { method: "POST", body: form, timeoutMs: 10_000 })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 429, code: "TOO_MANY_UPLOADS", serverMessage: "Intente más tarde." });
  });

  it("fails a form whose file cannot be read at once, as an unreachable call", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "av-client-"));
    const file = path.join(dir, "documento.pdf");
    writeFileSync(file, Buffer.alloc(1024 * 1024, 1));
    const form = new FormData();
    form.set("file", new File([await openAsBlob(file)], "documento.pdf", { type: "application/pdf" }));
    writeFileSync(file, "changed under the upload"); // a disk-backed Blob refuses to read a file that changed
    const failed = await client
      .apiJson(ctx, client.api`/form`, z.unknown(), { method: "POST", body: form, timeoutMs: 3_000 })
      .catch((e: unknown) => e);
    // a call left waiting for the body would end at its timeout, a 504
    expect(failed).toMatchObject({ status: 502, code: "UNREACHABLE" });
    rmSync(dir, { recursive: true, force: true });
  });
});
