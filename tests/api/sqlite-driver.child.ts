/**
 * The SQLite driver's lifetime in a child process of tests/api/sqlite-driver.test.ts (run with
 * --expose-gc): the migrations and a few thousand queries through Kysely, every prepared statement
 * dropped and collected by the garbage collector, one more query, the database closed, a normal
 * exit. Prints `ok <number of migrations> <rows counted>`. With better-sqlite3 12 on Node 24.19 and
 * later, collecting a statement aborted the process (decision 001).
 */
import { setImmediate as tick } from "node:timers/promises";
import { createDatabase } from "../../server/db/index.js";
import { migrateToLatest } from "../../server/db/migrate.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const sqliteFile = process.argv[2];
if (!sqliteFile) throw new Error("usage: sqlite-driver.child.ts <file>");

const { db } = await createDatabase({ sqliteFile });
const applied = await migrateToLatest(db);
for (let i = 0; i < 2000; i++) await db.selectFrom("citizens").select("cuil").where("cuil", "=", String(i)).execute();
for (let round = 0; round < 3; round++) {
  gc();
  await tick();
}
const count = await db
  .selectFrom("citizens")
  .select((eb) => eb.fn.countAll<number>().as("n"))
  .executeTakeFirstOrThrow();
await db.destroy();
gc();
await tick();
console.log(`ok ${applied.length} ${count.n}`);
