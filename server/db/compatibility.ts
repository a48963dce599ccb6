/**
 * Expand, then contract (issue 38): a release may start on a database a newer release has migrated,
 * so that a rollback loses no write and an old process that restarts mid-rollout comes back.
 *
 * Each migration is either an expansion — a new table, a new nullable or defaulted column, an index,
 * a trigger older code never trips: the previous release runs beside it unchanged — or a contraction
 * (a removal, a rename, a new constraint older code could break), which goes in one release after the
 * code stopped needing what it removes. Only the names in EXPAND_MIGRATIONS are expansions; any other
 * migration is a contraction, so forgetting to classify one is safe (the older release refuses).
 *
 * Every release that migrates records, in `schema_compatibility`, its compatibility level: the
 * latest contraction it applied. A release that finds migrations it does not know starts only when
 * it knows that level (every unknown migration is then an expansion) and has nothing of its own to
 * apply; otherwise it refuses, naming the level it would need. docs/deployment.md, «Volver atrás: expandir, después contraer».
 */
import { sql } from "kysely";
import type { Db } from "./index.js";

/**
 * The migrations an older release may run beside (expansions). The compatibility mechanism came
 * with the schema of 0023: every migration before it counts as a contraction (no older release
 * has the mechanism to start on a newer schema anyway).
 */
export const EXPAND_MIGRATIONS: ReadonlySet<string> = new Set<string>([
  // the append-only tables rebuilt WITHOUT ROWID: same columns, ids still made in code
  "0024_append_only_without_rowid",
  // a new table (upload leases) older code never reads
  "0025_upload_leases",
]);

/** A release's migrations (their names) and which of them are expansions. */
export type Release = { migrations: readonly string[]; expand: ReadonlySet<string> };

/** The compatibility level of a release: its latest contraction (its first migration if it has none). */
export function compatibilityLevel({ migrations, expand }: Release): string {
  const sorted = [...migrations].sort();
  return sorted.filter((name) => !expand.has(name)).at(-1) ?? sorted[0] ?? "";
}

/** What the database holds: the migrations applied (null before the first) and the level recorded by the newest release. */
export async function schemaState(db: Db): Promise<{ applied: string[] | null; level: string | null }> {
  let applied: string[] | null;
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = rows.map((r) => r.name);
  } catch {
    return { applied: null, level: null };
  }
  try {
    const { rows } = await sql<{ level: string }>`select compatible_from as level from schema_compatibility where id = 1`.execute(db);
    return { applied, level: rows[0]?.level ?? null };
  } catch {
    return { applied, level: null };
  }
}

/**
 * Whether `release` may start on the database as it is without migrating it: null when it has
 * migrations to apply (the normal path), "same" or "newer" when it may start, or the refusal's text.
 */
export function verdict(release: Release, state: Awaited<ReturnType<typeof schemaState>>): null | "same" | "newer" | { refusal: string } {
  if (!state.applied) return null;
  const known = new Set(release.migrations);
  const unknown = state.applied.filter((name) => !known.has(name)).sort();
  const pending = release.migrations.filter((name) => !state.applied!.includes(name));
  if (!unknown.length) return pending.length ? null : "same";
  if (state.level !== null && known.has(state.level) && !pending.length) return "newer";
  const needs =
    state.level === null
      ? "no compatibility level is recorded"
      : `its compatibility level is ${state.level}, which this release does not know`;
  return {
    refusal:
      `the database was migrated by a newer release (${unknown.join(", ")}) and ${needs}` +
      (pending.length ? `; this release's ${pending.join(", ")} is not applied` : "") +
      ": start a release that knows it (roll forward), or restore a backup",
  };
}

/** Records `release`'s compatibility level (after it migrated the database: it is the newest that did). */
export async function recordCompatibility(db: Db, release: Release): Promise<void> {
  const create = sql`create table if not exists schema_compatibility (id integer primary key, compatible_from text not null, written_at text not null)`;
  try {
    await create.execute(db);
  } catch {
    // On PostgreSQL `if not exists` is not atomic: of processes migrating a fresh database at once
    // (the migrate job and the APIs of a compose start), all but one can fail on pg_type's unique
    // index. The winner's table is the same one: asked again, the statement finds it and does nothing.
    await create.execute(db);
  }
  const level = compatibilityLevel(release);
  const at = new Date().toISOString();
  await sql`insert into schema_compatibility (id, compatible_from, written_at) values (1, ${level}, ${at})
    on conflict (id) do update set compatible_from = excluded.compatible_from, written_at = excluded.written_at`.execute(db);
}
