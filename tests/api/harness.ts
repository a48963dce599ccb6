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
import type { FastifyInstance } from "fastify";
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from "jose";
import pg from "pg";
import { buildApp } from "../../server/app.js";
import { createOidcServer } from "../../server/auth/oidc/server.js";
import { loadConfig, type Config } from "../../server/config.js";
import { createDatabase, type Db } from "../../server/db/index.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { seed } from "../../server/db/seed/index.js";
import { createDiskBlobStore } from "../../server/storage/index.js";

export const TEST_AUDIENCE = "http://127.0.0.1:4000/api";
export const TEST_PORTAL = "http://portal.test";
export const TEST_KID = "test-key-1";

export type TestStack = {
  config: Config;
  db: Db;
  dialect: "sqlite" | "postgres";
  app: FastifyInstance;
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

export async function startStack(
  options: {
    idp?: boolean;
    injectKeys?: boolean;
    logger?: Logger;
    /** a SQLite file even when TEST_DATABASE_URL is set (tests of SQLite's own behaviour) */
    sqlite?: boolean;
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

  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    OIDC_ISSUER: issuer,
    API_AUDIENCE: TEST_AUDIENCE,
    PORTAL_URL: TEST_PORTAL,
    ...(pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema } : {}),
  });

  const handle = await createDatabase(
    pgUrl ? { databaseUrl: pgUrl, schema } : { sqliteFile: path.join(dataDir, "portal.sqlite") },
  );
  const { db } = handle;
  await migrateToLatest(db);
  const store = createDiskBlobStore(path.join(dataDir, "blobs"));
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
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
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
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}
