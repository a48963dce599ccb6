/**
 * The API in a child process of tests/api/faults-crash.test.ts, so the test can SIGKILL it in
 * the middle of a write. Same app as server/main.ts (buildApp) over the test's database; the
 * SQLite connection gets a `fault_pause()` SQL function (writes a marker file, then blocks) that a
 * test trigger calls to hold a transaction open at a known point. Prints `listening <port>`.
 */
import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { createLocalJWKSet, type JWK } from "jose";
import { Kysely, SqliteDialect } from "kysely";
import { buildApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { createDatabase, type Db } from "../../server/db/index.js";
import type { Database } from "../../server/db/types.js";
import { createDiskBlobStore } from "../../server/storage/index.js";

type ChildEnv = { config: Record<string, string>; jwk: JWK; sqliteFile?: string; pauseMarker: string };
const input = JSON.parse(process.env.FAULT_CHILD ?? "{}") as ChildEnv;
const config = loadConfig(input.config);

let db: Db;
if (input.sqliteFile) {
  const database = new SqliteDatabase(input.sqliteFile);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  database.function("fault_pause", () => {
    fs.writeFileSync(input.pauseMarker, String(process.pid));
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
    return 0;
  });
  db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
} else {
  db = (await createDatabase({ databaseUrl: config.DATABASE_URL, schema: config.DATABASE_SCHEMA })).db;
}

const app = await buildApp({
  config,
  db,
  logger: false,
  store: createDiskBlobStore(path.join(config.dataDir, "blobs")),
  keys: createLocalJWKSet({ keys: [input.jwk] }),
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
