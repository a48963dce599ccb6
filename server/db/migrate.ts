import { Migrator, PostgresAdapter, sql, type MigrationProvider } from "kysely";
import type { Db } from "./index.js";
import { migrations } from "./migrations/index.js";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema to the latest migration; throws (with the failing migration's name) on error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
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
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
