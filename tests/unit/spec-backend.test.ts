import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSpecBackend } from "../spec-backend/app";

/**
 * The spec backend (tests/spec-backend/, the second backend of the end-to-end suite): its own rules —
 * tokens verified against the issuer's JWKS, the spec's 303, User-ID checks, nothing beyond section 7,
 * the variants' shapes, writes that change what the next read sees.
 */
const MARIA = "27293847563";
const JUAN = "20267895431";
let issuer = "";
let server: http.Server;
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair("RS256");
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  server = http.createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url === "/.well-known/openid-configuration") return res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    if (req.url === "/jwks") return res.end(JSON.stringify({ keys: [jwk] }));
    res.statusCode = 404;
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const token = (sub: string, key = privateKey, iss = issuer) =>
  new SignJWT({ scope: "api" })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setSubject(sub)
    .setIssuer(iss)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(key);

async function backend(variant: string) {
  const { app } = await buildSpecBackend({ variant, issuer, logoutUrl: "http://localhost:1/salir" });
  await app.ready();
  const call = async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    options: { sub?: string; userId?: string; body?: unknown } = {},
  ) => {
    const headers: Record<string, string> = { authorization: `Bearer ${await token(options.sub ?? MARIA)}` };
    if (options.userId !== undefined) headers["user-id"] = options.userId;
    const response = await app.inject({ method, url, headers, ...(options.body !== undefined ? { payload: options.body as object } : {}) });
    return {
      status: response.statusCode,
      type: String(response.headers["content-type"] ?? ""),
      body: response.body,
      json: () => JSON.parse(response.body),
    };
  };
  return { app, call };
}

describe("spec backend", () => {
  it("answers the spec's 303 with a location without a valid token, and 404 beyond section 7", async () => {
    const { app, call } = await backend("plain");
    const bare = await app.inject({ url: "/api/v4/instances/config" });
    expect(bare.statusCode).toBe(303);
    expect(JSON.parse(bare.body)).toEqual({ location: issuer });
    const other = await generateKeyPair("RS256");
    const forged = await app.inject({
      url: "/api/v4/instances/config",
      headers: { authorization: `Bearer ${await token(MARIA, other.privateKey)}` },
    });
    expect(forged.statusCode).toBe(303);
    expect((await call("GET", "/api/v4/instances/config")).status).toBe(200);
    for (const path of [
      "/api/v4/procedures/111/requirements",
      "/api/v1/me/accesses",
      "/api/fs/archive/record/7001",
      "/api/security/logout",
      "/api/fs/viewer/getPageImage/9100/1",
    ])
      expect((await call("GET", path)).status, path).toBe(404);
  });

  it("checks User-ID and the cuil in the path of digital calls; a non-adhered citizen's check answers 400", async () => {
    const { call } = await backend("plain");
    expect((await call("GET", `/api/dd/v1/users/get-user-self-da/${MARIA}`)).status).toBe(403);
    expect((await call("GET", `/api/dd/v1/users/get-user-self-da/${MARIA}`, { userId: JUAN })).status).toBe(403);
    expect((await call("GET", `/api/dd/v1/users/get-user-self-da/${JUAN}`, { userId: MARIA })).status).toBe(403);
    expect((await call("GET", `/api/dd/v1/users/get-user-self-da/${MARIA}`, { userId: MARIA })).json()).toEqual({ userHasAdhesion: true });
    expect((await call("GET", `/api/dd/v1/users/get-user-self-da/${JUAN}`, { sub: JUAN, userId: JUAN })).status).toBe(400);
    const enrolled = await call("POST", "/api/dd/v1/users/enroll", {
      sub: JUAN,
      userId: JUAN,
      body: { user_id: JUAN, first_name: "Juan Pablo", last_name: "Gómez", email: "juan.gomez@example.com" },
    });
    expect(enrolled.status).toBe(200);
    expect((await call("GET", `/api/dd/v1/users/get-user-self-da/${JUAN}`, { sub: JUAN, userId: JUAN })).status).toBe(200);
  });

  it("varies the shapes the spec leaves open", async () => {
    const plain = await backend("plain");
    const numeric = await backend("numeric");
    const wrapped = await backend("wrapped");
    const tab = async (b: typeof plain) => (await b.call("GET", "/api/v4/instances/config")).json().modules[0].tabs[0].count;
    expect(await tab(plain)).toBe(true);
    expect(await tab(numeric)).toBe(4);
    const root = async (b: typeof plain) => (await b.call("GET", "/api/v4/procedures/")).json().result[0];
    expect((await root(plain)).id).toBe("1");
    expect(await root(numeric)).toMatchObject({ id: 1, isParent: 1, type: "INTERACTIVE" });
    const types = async (b: typeof plain) => (await b.call("GET", "/api/dd/v1/communications/types/all", { userId: MARIA })).json();
    expect((await types(plain)).types).toHaveLength(4);
    expect(await types(numeric)).toHaveLength(4);
    expect((await types(wrapped)).data).toHaveLength(4);
    const terms = await wrapped.call("GET", "/api/dd/v1/users/get_terms", { userId: MARIA });
    expect(terms.type).toMatch(/^text\/html/);
    expect(terms.body).toContain("<h2>");
    expect((await numeric.call("GET", "/api/dd/v1/users/get_policies", { userId: MARIA })).json().result).toContain("<h2>");
    expect((await wrapped.call("GET", `/api/dd/v1/users/get_contact_info/${MARIA}`, { userId: MARIA })).json().data.emails[0]).toBe(
      "maria.fernandez@example.com",
    );
    const chat = (await plain.call("GET", "/api/v4/instances/5001/interactive/citizen")).json().result;
    expect(chat.events.every((e: Record<string, unknown>) => !("id" in e))).toBe(true);
    expect(chat.events.find((e: { type: string }) => e.type === "dateSeparator")).not.toHaveProperty("author");
    expect(chat).toHaveProperty("current");
    expect((await numeric.call("GET", "/api/v4/instances/5001/interactive/citizen")).json().result).not.toHaveProperty("current");
    const sent = async (b: typeof plain) => (await b.call("GET", "/api/v4/filemanager/7001/sent")).json().documents[0].file;
    expect(await sent(plain)).toHaveProperty("id");
    expect(await sent(wrapped)).toEqual({ name: "nota-de-presentacion.pdf" });
    expect((await numeric.call("GET", "/api/fs/viewer/getPageCount/9100")).json()).toBe(2);
  });

  it("follows writes: a chat's required document, archive only after download, pending documents sent", async () => {
    const { call } = await backend("numeric");
    const text = { action: "text", data: "Hola", procedureId: 111 };
    const refused = await call("PUT", "/api/v4/instances/5001/interactive/generic", { body: text });
    expect(refused.status).toBe(400);
    expect(refused.json().message).toBe("REQUIRED_FILES_NOT_UPLOADED");
    const attach = { action: "toSendDocument", data: { document: { spec: { id: 802 }, file: { id: 9002 } } }, procedureId: 111 };
    expect((await call("PUT", "/api/v4/instances/5001/interactive/generic", { body: attach })).status).toBe(200);
    // `document` as the requested document's id, `file` beside it: another reasonable reading of "data".
    const byId = { action: "toSendDocument", data: { document: "803", file: { id: "9001", name: "estudios.pdf" } }, procedureId: 111 };
    expect((await call("PUT", "/api/v4/instances/5001/interactive/generic", { body: byId })).status).toBe(200);
    expect((await call("PUT", "/api/v4/instances/5001/interactive/generic", { body: text })).status).toBe(200);
    expect((await call("PUT", "/api/v4/instances/5001/interactive/citizen/update", { body: { force: true } })).status).toBe(200);
    const events = (await call("GET", "/api/v4/instances/5001/interactive/citizen")).json().result.events;
    expect(events.at(-1)).toMatchObject({ type: "uploadedDocuments", documents: [{ file: { id: 9002 } }, { file: { id: 9001 } }] });

    expect((await call("PUT", "/api/dd/v1/communications/archive", { userId: MARIA, body: { communications: [101] } })).status).toBe(400);
    expect((await call("GET", "/api/dd/v1/communications/get_file/101/9401", { userId: MARIA })).type).toBe("application/pdf");
    expect((await call("PUT", "/api/dd/v1/communications/archive", { userId: MARIA, body: { communications: [101] } })).status).toBe(200);
    const archived = (await call("GET", `/api/dd/v1/communications/inbox/${MARIA}?archived=true`, { userId: MARIA })).json();
    expect(archived.communications.map((c: { code: number }) => c.code)).toContain(101);

    expect((await call("PUT", "/api/v4/filemanager/7001/send", { body: { documents: [8301] } })).status).toBe(200);
    expect((await call("GET", "/api/v4/filemanager/7001/pending")).json().documents).toEqual([]);
    expect((await call("GET", "/api/v4/filemanager/7001/sent")).json().documents[0].file.name).toBe("declaracion-jurada.pdf");
    expect((await call("PUT", "/api/v4/filemanager/7002/send", { body: { documents: [1] } })).status).toBe(403);
    expect((await call("GET", "/api/v4/filemanager/7001", { sub: JUAN })).status).toBe(404);
  });
});
