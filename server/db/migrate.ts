import { Migrator, type MigrationProvider } from "kysely";
import type { Db } from "./index.js";
import { migrations } from "./migrations/index.js";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema to the latest migration; throws (with the failing migration's name) on error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`migration ${failed?.migrationName ?? "(unknown)"} failed: ${cause.message}`, { cause });
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
