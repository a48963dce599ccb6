import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from "kysely";
import type { Config } from "../config.js";
import { createDatabase, type DatabaseHandle, type DatabaseOptions, type Db } from "./index.js";
import { EXPAND_MIGRATIONS, recordCompatibility, schemaState, verdict, type Release } from "./compatibility.js";
import { migrations } from "./migrations/index.js";

/**
 * Brings the schema to the latest migration; throws (with the failing migration's name) on error.
 * A database a newer release migrated is left as it is when that release's compatibility level is
 * one this release knows (expand, then contract: issue 38), and refused otherwise.
 */
export async function migrateToLatest(
  db: Db,
  release: { migrations: Record<string, Migration>; expand?: ReadonlySet<string> } = { migrations },
): Promise<string[]> {
  const mine: Release = { migrations: Object.keys(release.migrations), expand: release.expand ?? EXPAND_MIGRATIONS };
  const found = verdict(mine, await schemaState(db));
  if (found === "newer" || found === "same") {
    if (found === "same") await recordCompatibility(db, mine);
    return [];
  }
  if (found !== null) throw new Error(`migrations refused: ${found.refusal}`);
  const provider: MigrationProvider = { getMigrations: async () => release.migrations };
  // Kysely looks for its own tables in every schema of a PostgreSQL database: another schema's
  // (a parallel test run's) would make it skip creating them here. Pin them to the current schema.
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema ?? undefined;
  }
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause.message}`, { cause });
  }
  await recordCompatibility(db, mine);
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * The migrations of this release not yet applied to the database (readiness, `/health/ready`): an
 * empty list when the schema is this release's (or newer). Throws when the database does not answer
 * or has no migration table at all.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

/**
 * The configured database (DATABASE_URL and DATABASE_SCHEMA, or DATA_DIR/portal.sqlite) opened and
 * brought to this release's schema, with the names of the migrations it applied: the one opening of
 * the API process (server/main.ts), the image's `migrate` job and `npm run seed`. When a migration
 * fails the database is closed again and the error thrown.
 */
export async function openMigratedDatabase(
  config: Pick<Config, "DATABASE_URL" | "DATABASE_SCHEMA" | "dataDir">,
  options: Pick<DatabaseOptions, "onPoolError"> = {},
): Promise<DatabaseHandle & { applied: string[] }> {
  const handle = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    schema: config.DATABASE_SCHEMA,
    dataDir: config.dataDir,
    ...options,
  });
  try {
    return { ...handle, applied: await migrateToLatest(handle.db) };
  } catch (error) {
    await handle.db.destroy();
    throw error;
  }
}
