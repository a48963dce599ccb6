import type BetterSqlite3 from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/**
 * better-sqlite3 behind Kysely with its statements kept (decision 076). Kysely's SQLite driver prepares
 * every query again, and a page's queries are the same few texts each time: preparing them again is
 * work done only to be thrown away. Statements are kept by SQL text, the `size` most recently used; one
 * still being iterated (a streamed query) is never handed out twice, a fresh one is prepared instead.
 * SQLite prepares a kept statement again by itself when a migration changes the schema.
 */
export function withStatementCache(database: BetterSqlite3.Database, size = 256): SqliteDatabase {
  const kept = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => void database.close(),
    prepare(sql: string) {
      const found = kept.get(sql);
      kept.delete(sql);
      const statement = found && !found.busy ? found : database.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > size) kept.delete(kept.keys().next().value!);
      return statement;
    },
  };
}
