import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Fixed-window counters of rate limits (uploads per
 * citizen), kept in the database so every API process behind a balancer sees the same count.
 * Portable types only; window starts are ISO strings made in code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit_hits")
    .addColumn("scope", "varchar(40)", (c) => c.notNull())
    .addColumn("subject", "varchar(100)", (c) => c.notNull())
    .addColumn("window_start", "varchar(32)", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limit_hits_pk", ["scope", "subject", "window_start"])
    .execute();
  await db.schema.createIndex("rate_limit_hits_window_idx").on("rate_limit_hits").columns(["scope", "window_start"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit_hits").execute();
}
