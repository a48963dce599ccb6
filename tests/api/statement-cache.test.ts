/**
 * The SQLite statements kept behind Kysely (decision 076): a query text is prepared once, a statement
 * still being iterated is never handed out again, and the cache holds at most its size.
 */
import BetterSqlite3 from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withStatementCache } from "../../server/db/statement-cache.js";

const opened: BetterSqlite3.Database[] = [];
afterEach(() => opened.splice(0).forEach((d) => d.close()));

function database() {
  const d = new BetterSqlite3(":memory:");
  opened.push(d);
  d.exec("create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b'), ('c')");
  return d;
}

describe("withStatementCache", () => {
  it("prepares a query text once, through Kysely", async () => {
    const d = database();
    const prepare = vi.spyOn(d, "prepare");
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(d) }) });
    for (let i = 0; i < 5; i++) expect(await db.selectFrom("t").select("name").where("id", "=", 2).execute()).toEqual([{ name: "b" }]);
    await db.selectFrom("t").select("id").execute();
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it("gives a fresh statement while the kept one is still being iterated", () => {
    const cache = withStatementCache(database());
    const first = cache.prepare("select name from t order by id");
    const rows = first.iterate([]);
    expect(rows.next().value).toEqual({ name: "a" });
    const second = cache.prepare("select name from t order by id");
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ name: "a" }, { name: "b" }, { name: "c" }]);
    expect([...rows]).toEqual([{ name: "b" }, { name: "c" }]);
  });

  it("keeps at most `size` statements, dropping the least recently used", () => {
    const d = database();
    const prepare = vi.spyOn(d, "prepare");
    const cache = withStatementCache(d, 2);
    cache.prepare("select 1");
    cache.prepare("select 2");
    cache.prepare("select 1"); // used again: now the most recent
    cache.prepare("select 3"); // drops "select 2"
    cache.prepare("select 1");
    expect(prepare).toHaveBeenCalledTimes(3);
    cache.prepare("select 2");
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it("sees a table changed after a statement was kept", async () => {
    const d = database();
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: withStatementCache(d) }) });
    const all = () => sql<Record<string, unknown>>`select * from t where id = 1`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: "a" }]);
    d.exec("alter table t add column extra text default 'x'");
    expect((await all()).rows).toEqual([{ id: 1, name: "a", extra: "x" }]);
  });
});
