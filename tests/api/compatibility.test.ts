/**
 * Expand, then contract (issue 38): the previous release starts on a schema the next one migrated
 * when every migration it does not know is an expansion (the level the newer release recorded is
 * one it knows), and refuses, naming why, when one is a contraction or nothing is recorded.
 * Release N here is this release's migrations and one more; release N−1 is this release's.
 */
import { sql, type Kysely, type Migration } from "kysely";
import { describe, expect, it } from "vitest";
import { compatibilityLevel, EXPAND_MIGRATIONS, recordCompatibility } from "../../server/db/compatibility.js";
import { migrateToLatest, pendingMigrations } from "../../server/db/migrate.js";
import { migrations } from "../../server/db/migrations/index.js";
import { migratedUpTo } from "./fixtures.js";

const names = Object.keys(migrations).sort();
const latest = names.at(-1)!;
const previous = { migrations };

/** A new table and a new nullable column: what an older release never notices. */
const expansion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("drill_expansion")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .execute();
    await db.schema.alterTable("receipts").addColumn("drill_note", "text").execute();
  },
};
/** A column removed: the previous release may still read it. */
const contraction: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropTable("drill_expansion").ifExists().execute();
  },
};

const level = async (db: Kysely<unknown>) =>
  (await sql<{ level: string }>`select compatible_from as level from schema_compatibility`.execute(db)).rows[0]?.level;

describe("migrations: expand, then contract (issue 38)", () => {
  it("processes migrating a fresh database at once all record the level (PostgreSQL's `if not exists` races)", async () => {
    await migratedUpTo(latest, async (db) => {
      const mine = { migrations: names, expand: EXPAND_MIGRATIONS };
      for (let round = 0; round < 5; round++) {
        await sql`drop table if exists schema_compatibility`.execute(db);
        // On PostgreSQL each call takes a connection of its own from the pool, as the migrate job and
        // the APIs of a compose start do; before, one in three such starts failed on pg_type's index.
        const outcomes = await Promise.allSettled(Array.from({ length: 4 }, () => recordCompatibility(db, mine)));
        expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
        expect(await level(db as never)).toBe(compatibilityLevel(mine));
      }
    });
  });

  it("records this release's level: its latest contraction", async () => {
    await migratedUpTo(latest, async (db) => {
      expect(await migrateToLatest(db)).toEqual([]);
      expect(await level(db as never)).toBe(compatibilityLevel({ migrations: names, expand: EXPAND_MIGRATIONS }));
    });
  });

  it("the previous release starts on a schema a newer release expanded, and migrates nothing", async () => {
    await migratedUpTo(latest, async (db) => {
      const next = {
        migrations: { ...migrations, "9990_drill_expansion": expansion },
        expand: new Set([...EXPAND_MIGRATIONS, "9990_drill_expansion"]),
      };
      expect(await migrateToLatest(db, next)).toEqual(["9990_drill_expansion"]);
      expect(await level(db as never)).toBe(compatibilityLevel({ migrations: names, expand: EXPAND_MIGRATIONS }));
      // Release N−1 on it: no refusal, nothing to apply, ready (no migration of its own pending).
      expect(await migrateToLatest(db, previous)).toEqual([]);
      expect(await pendingMigrations(db)).toEqual([]);
      // ...and it writes as before, beside the new column.
      await sql`insert into drill_expansion (id) values (1)`.execute(db);
      // Rolled forward again: N finds its schema as it left it.
      expect(await migrateToLatest(db, next)).toEqual([]);
    });
  });

  it("the previous release refuses a schema a newer release contracted, naming the level it would need", async () => {
    await migratedUpTo(latest, async (db) => {
      const next = { migrations: { ...migrations, "9991_drill_contraction": contraction } };
      await migrateToLatest(db, next);
      expect(await level(db as never)).toBe("9991_drill_contraction");
      await expect(migrateToLatest(db, previous)).rejects.toThrow(
        "migrations refused: the database was migrated by a newer release (9991_drill_contraction) and its compatibility level is 9991_drill_contraction, which this release does not know: start a release that knows it (roll forward), or restore a backup",
      );
    });
  });

  it("refuses a newer schema that recorded no level (a release before the mechanism)", async () => {
    await migratedUpTo(latest, async (db) => {
      await migrateToLatest(db, {
        migrations: { ...migrations, "9992_drill_expansion": expansion },
        expand: new Set(["9992_drill_expansion"]),
      });
      await sql`drop table schema_compatibility`.execute(db);
      await expect(migrateToLatest(db, previous)).rejects.toThrow(/9992_drill_expansion\) and no compatibility level is recorded/);
    });
  });
});
