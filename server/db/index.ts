import fs from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type Transaction,
} from "kysely";
import pg from "pg";
import { withStatementCache } from "./statement-cache.js";
import type { Database } from "./types.js";

export type Db = Kysely<Database>;
/** What repositories take first: the database or an open transaction. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
export type Dialect = "sqlite" | "postgres";

export type DatabaseOptions = {
  /** postgres:// URL: use PostgreSQL; otherwise SQLite */
  databaseUrl?: string;
  /** PostgreSQL schema (search_path); created when missing */
  schema?: string;
  /** SQLite: directory of `portal.sqlite` (ignored when `sqliteFile` is given) */
  dataDir?: string;
  /** SQLite: explicit file path (tests use a temporary one) */
  sqliteFile?: string;
  /**
   * PostgreSQL: told when an idle pooled connection breaks (the server restarted, the network
   * dropped). pg drops that connection and opens a new one when needed; without a listener the
   * pool's 'error' event would end the process.
   */
  onPoolError?: (error: Error) => void;
  /**
   * PostgreSQL: a query without an answer after this many ms fails (default 30 s), so a network
   * partition gives an error instead of a request that hangs forever.
   */
  queryTimeoutMs?: number;
};

export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  /** human-readable location without credentials, for logs */
  location: string;
  /** the PostgreSQL pool (its counts feed the metrics); absent on SQLite */
  pool?: pg.Pool;
};

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const schema = options.schema;
    if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
    if (schema) {
      // The schema must exist before connections use it as their search_path.
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        await client.query(`create schema if not exists "${schema}"`);
      } finally {
        await client.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      query_timeout: options.queryTimeoutMs ?? 30_000,
      keepAlive: true,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    pool.on("error", (error) => options.onPoolError?.(error));
    const url = new URL(options.databaseUrl);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: "postgres",
      pool,
      location: `postgres://${url.host}${url.pathname}${schema ? ` (schema ${schema})` : ""}`,
    };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir ?? "./data", "portal.sqlite");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  database.pragma("synchronous = NORMAL");
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(database) }) }),
    dialect: "sqlite",
    location: file,
  };
}

/** Runs `work` in a new transaction, or in the one `db` already is. */
export function inTransaction<T>(db: DbOrTx, work: (trx: DbOrTx) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

/** True when the database answers a trivial query. */
export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** A JSON text column read back: the parsed value, or `fallback` when the text is empty or not JSON. */
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * SQLite transactions begin IMMEDIATE: each takes the write lock as it starts, waiting up to
 * `busy_timeout` for it. A deferred one (Kysely's `begin`) that read first fails at once with
 * SQLITE_BUSY when it then writes after another process wrote the file (a second API on it, as in a
 * rolling restart): `busy_timeout` does not cover that upgrade. Seen on 2026-11-29 in
 * `deploy:rolling-restart`: 6 of 467 chat writes answered 502 ("database is locked" in 9 ms).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
