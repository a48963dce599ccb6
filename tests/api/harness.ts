import type { Logger } from "pino";
/**
 * Starts the real API (and optionally the development identity provider) on
 * ephemeral ports over a fresh, migrated and seeded database: a temporary SQLite
 * file, or a schema of its own on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { expect } from "vitest";
import type { FastifyInstance } from "fastify";
import type { KyselyPlugin } from "kysely";
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from "jose";
import pg from "pg";
import { buildApp } from "../../server/app.js";
import { createOidcServer } from "../../server/auth/oidc/server.js";
import { loadConfig, type Config } from "../../server/config.js";
import { createDatabase, type Db } from "../../server/db/index.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { seed } from "../../server/seed/index.js";
import type { Mailer } from "../../server/mail/index.js";
import { blobStoreFromConfig, type BlobStore } from "../../server/storage/index.js";
import type { S3Peer } from "../../scripts/s3-peer.js";

export const TEST_AUDIENCE = "http://127.0.0.1:4000/api";
export const TEST_PORTAL = "http://portal.test";
export const TEST_KID = "test-key-1";

export type TestStack = {
  config: Config;
  db: Db;
  dialect: "sqlite" | "postgres";
  app: FastifyInstance;
  /** the blob store the API uses (disk under DATA_DIR/blobs, or the S3 peer with `blobs: "s3"`) */
  store: BlobStore;
  /** the local S3-protocol server, with `blobs: "s3"` */
  s3?: S3Peer;
  /** base URL of the API, e.g. http://127.0.0.1:41234 */
  api: string;
  /** issuer URL of the identity provider (listening only with `idp: true`) */
  issuer: string;
  /** replaces the identity provider by a new instance over the same database and DATA_DIR */
  restartIdp(): Promise<void>;
  /** signs an access token with the injected test key (unless `idp: true` without keys) */
  sign(claims?: JWTPayload & { sub?: string }, options?: SignOptions): Promise<string>;
  close(): Promise<void>;
};

type SignOptions = { key?: CryptoKey; kid?: string; expiresIn?: string | number; audience?: string; issuer?: string };

async function listenEphemeral(server: http.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** A TCP port free a moment ago, for a child process to listen on (the entry point's own API_PORT). */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  const port = await listenEphemeral(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startStack(
  options: {
    idp?: boolean;
    injectKeys?: boolean;
    logger?: Logger;
    /** a SQLite file even when TEST_DATABASE_URL is set (tests of SQLite's own behaviour) */
    sqlite?: boolean;
    /** more configuration (e.g. METRICS_TOKEN, MAIL_* settings) */
    env?: Record<string, string>;
    /** mail transport of the outbox (default: .eml files under DATA_DIR/outbox) */
    mailer?: Mailer;
    /** let the outbox worker poll (default off: tests run `app.mailOutbox.drain()` when they want mail out) */
    mailWorker?: boolean;
    /** "s3": blobs in a local S3-protocol server spoken to over HTTP (decision 057); default disk */
    blobs?: "disk" | "s3";
  } = {},
): Promise<TestStack> {
  const injectKeys = options.injectKeys ?? !options.idp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "av-api-test-"));
  const pgUrl = options.sqlite ? undefined : process.env.TEST_DATABASE_URL;
  const schema = pgUrl ? `t_${randomUUID().replace(/-/g, "").slice(0, 20)}` : undefined;

  // The IdP listener is opened first: the issuer URL needs its port.
  const idpServer = http.createServer();
  const idpPort = await listenEphemeral(idpServer);
  const issuer = `http://127.0.0.1:${idpPort}`;

  // Loaded only when asked for: the peer's modules are a cost every other test file would pay.
  const s3 = options.blobs === "s3" ? await (await import("../../scripts/s3-peer.js")).startS3Peer() : undefined;
  const config = loadConfig({
    ...s3?.env,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    OIDC_ISSUER: issuer,
    API_AUDIENCE: TEST_AUDIENCE,
    PORTAL_URL: TEST_PORTAL,
    ...(pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
    ...options.env,
  });

  const handle = await createDatabase(pgUrl ? { databaseUrl: pgUrl, schema } : { sqliteFile: path.join(dataDir, "portal.sqlite") });
  const { db } = handle;
  await migrateToLatest(db);
  const store = await blobStoreFromConfig(config, db);
  await seed(db, { issuer, tenant: config.TENANT, store });

  async function startIdp() {
    const { handler } = await createOidcServer({ config, db });
    idpServer.removeAllListeners("request");
    idpServer.on("request", handler);
  }
  if (options.idp) await startIdp();

  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: TEST_KID, alg: "ES256", use: "sig" };

  const app = await buildApp({
    config,
    db,
    logger: options.logger ?? false,
    store,
    mailer: options.mailer,
    mailWorker: options.mailWorker ?? false,
    pool: handle.pool,
    ...(injectKeys ? { keys: createLocalJWKSet({ keys: [publicJwk] }) } : {}),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function sign(claims: JWTPayload = {}, opts: SignOptions = {}) {
    const { sub, ...rest } = claims;
    const jwt = new SignJWT({ client_id: "portal", ...rest })
      .setProtectedHeader({ alg: "ES256", kid: opts.kid ?? TEST_KID, typ: "at+jwt" })
      .setIssuer(opts.issuer ?? issuer)
      .setAudience(opts.audience ?? TEST_AUDIENCE)
      .setIssuedAt()
      .setJti(typeof rest.jti === "string" ? rest.jti : randomBytes(12).toString("base64url"))
      .setExpirationTime(opts.expiresIn ?? "1h");
    if (sub) jwt.setSubject(sub);
    return jwt.sign(opts.key ?? privateKey);
  }

  return {
    config,
    db,
    dialect: handle.dialect,
    app,
    store,
    s3,
    api,
    issuer,
    sign,
    restartIdp: startIdp,
    async close() {
      await app.close();
      await new Promise<void>((resolve) => {
        idpServer.close(() => resolve());
        idpServer.closeAllConnections();
      });
      await db.destroy();
      if (pgUrl && schema) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        try {
          await client.query(`drop schema if exists ${schema} cascade`);
        } finally {
          await client.end();
        }
      }
      await s3?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A signing key of a test's own, for an API that does not take the stack's injected keys (one in a
 * child process, one behind a proxy): its public JWK, a key set of it, and a citizen's access token.
 */
export async function testSigner(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };
  return {
    jwk,
    keys: createLocalJWKSet({ keys: [jwk] }),
    sign: (issuer: string, sub: string, key: CryptoKey = privateKey) =>
      new SignJWT({ client_id: "portal" })
        .setProtectedHeader({ alg: "ES256", kid, typ: "at+jwt" })
        .setIssuer(issuer)
        .setAudience(TEST_AUDIENCE)
        .setSubject(sub)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime("1h")
        .sign(key),
  };
}

/** fetch against the API with an optional bearer token and headers. */
export async function call(
  stack: TestStack,
  pathname: string,
  init: { method?: string; token?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${stack.api}${pathname}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: "manual",
  });
  return answerOf(res);
}

/** An answer of the API as the tests read it: its status, headers, text and JSON (undefined when the text is not JSON). */
async function answerOf(res: Response) {
  const text = await res.text();
  let json: ApiJson;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/**
 * `POST /api/fs/raw/bucket` as the portal sends a citizen's file (its name, the system, the file; the
 * declared type only when given): the answer, its JSON read as `call` reads it.
 */
export async function uploadFile(base: string, token: string, body: Uint8Array, name: string, mime?: string) {
  const form = new FormData();
  form.set("filename", name);
  form.set("system", "AV");
  form.set("file", new Blob([new Uint8Array(body)], mime ? { type: mime } : {}), name);
  return answerOf(await fetch(`${base}/api/fs/raw/bucket`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form }));
}

/** A call of the operator API as a test makes it: its method, path under `/operator/api` and body. */
export type OperatorCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: ApiJson }>;

let citizensMade = 0;

/** A fresh citizen adhered to the digital domicile, made through the operator API by `op`: its cuil and e-mail. */
export async function adheredCitizen(op: OperatorCall, givenName: string): Promise<{ cuil: string; email: string }> {
  const n = ++citizensMade;
  const email = `${givenName.toLowerCase()}${n}@example.com`;
  const created = await op("POST", "/citizens", { givenName, familyName: `Prueba ${n}`, email, password: "Prueba2026!", adhered: true });
  expect(created.status).toBe(201);
  return { cuil: created.json.cuil as string, email };
}

/**
 * An API answer's JSON as the tests read it, field by field (the shape is what they check): the one
 * `any` of the test suites, named so that every test says what it is (decision 025).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the comment above
export type ApiJson = any;

/** Flattens Fastify's printRoutes tree into "METHOD /full/path" (alternative param names → :id). */
export function routesOf(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(stripVTControlCharacters(line));
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack[depth] = m[2]!;
    if (!m[3]) continue;
    const path = stack.join("").replace(/:[A-Za-z]+(?:\|:[A-Za-z]+)+/g, ":id");
    for (const method of m[3].split(",").map((s) => s.trim())) if (method !== "HEAD") out.push(`${method} ${path}`);
  }
  return out;
}

/** The database, counting every query it sends (how many round trips a call makes). */
export function countingQueries(db: Db) {
  const counter = { queries: 0, db };
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      counter.queries++;
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  counter.db = db.withPlugin(plugin);
  return counter;
}

/** The database, counting the queries that read `table` (how many look-ups a call makes). */
export function countingReads(db: Db, table: Parameters<Db["selectFrom"]>[0]) {
  const counter = { reads: 0, db };
  counter.db = new Proxy(db, {
    get(target, name, receiver) {
      if (name !== "selectFrom") return Reflect.get(target, name, receiver) as unknown;
      return (from: Parameters<Db["selectFrom"]>[0]) => {
        if (from === table) counter.reads++;
        return target.selectFrom(from);
      };
    },
  });
  return counter;
}
