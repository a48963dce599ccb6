import { Migrator, PostgresAdapter, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Db } from "../../server/db/index.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import { migrations } from "../../server/db/migrations/index.js";
import { migratedUpTo } from "./fixtures.js";

/**
 * Issue 37: the operator access log and the operator audit trail only grow, whatever SQL a database
 * user writes. Rows written before migration 0024 are kept by it; then every REPLACE, upsert and
 * row-number trick (the red team's, and their kin) is refused and leaves every row as it was.
 * SQLite by default; PostgreSQL with TEST_DATABASE_URL.
 */
const TABLES = {
  operator_accesses: {
    columns: "id, occurred_at, operator_id, operator_name, organismo, citizen_cuil, kind, action, purpose",
    values: (id: string, purpose: string) =>
      `'${id}', '2026-01-01T00:00:00.000Z', 'op', 'Operador', 'Organismo', '20123456783', 'contact', 'contact.read', '${purpose}'`,
  },
  operator_changes: {
    columns: "id, occurred_at, operator_id, operator_name, organismo, target, new_value, purpose",
    values: (id: string, purpose: string) =>
      `'${id}', '2026-01-01T00:00:00.000Z', 'op', 'Operador', 'Organismo', 'setting:tenant', 'nuevo', '${purpose}'`,
  },
} as const;
type Table = keyof typeof TABLES;

const FIRST = "00000000-0000-4000-8000-000000000001";
const SECOND = "00000000-0000-4000-8000-000000000002";

/** Each statement that would rewrite or remove a row of `table` (its first row is FIRST). */
function tricks(table: Table, postgres: boolean): string[] {
  const { columns, values } = TABLES[table];
  const forged = values("00000000-0000-4000-8000-0000000000ff", "falsificado");
  const same = values(FIRST, "falsificado");
  const common = [
    `insert into ${table} (${columns}) values (${same}) on conflict (id) do update set purpose = 'falsificado'`,
    `insert into ${table} (${columns}) values (${same})`,
    `update ${table} set purpose = 'falsificado' where id = '${FIRST}'`,
    `update ${table} set id = '${SECOND}-x' where id = '${FIRST}'`,
    `delete from ${table} where id = '${FIRST}'`,
  ];
  if (postgres) return [...common, `truncate ${table}`];
  const rowNumbers = ["rowid", "oid", "_rowid_"].flatMap((rowid) => [
    `insert or replace into ${table} (${rowid}, ${columns}) values (1, ${forged})`,
    `replace into ${table} (${rowid}, ${columns}) values (1, ${forged})`,
    `insert into ${table} (${rowid}, ${columns}) values (1, ${forged}) on conflict do update set purpose = 'falsificado'`,
    `insert or replace into ${table} (${rowid}, ${columns}) select 2, ${forged}`,
    `update ${table} set ${rowid} = 99 where id = '${FIRST}'`,
    `update or replace ${table} set ${rowid} = 2 where id = '${FIRST}'`,
  ]);
  return [
    ...common,
    ...rowNumbers,
    `insert or replace into ${table} (${columns}) values (${same})`,
    `replace into ${table} (${columns}) values (${same})`,
    `insert into ${table} (${columns}) values (${same}) on conflict do update set purpose = 'falsificado'`,
    `insert or replace into ${table} (${columns}) select ${same}`,
    `update or replace ${table} set id = '${SECOND}' where id = '${FIRST}'`,
  ];
}

const rowsOf = (db: Db, table: Table) =>
  sql
    .raw(`select * from ${table} order by id`)
    .execute(db)
    .then((r) => r.rows);

describe("append-only audit tables (issue 37)", () => {
  it("keep their rows through migration 0024, refuse every rewrite, and still take new rows", async () => {
    await migratedUpTo("0023_mail_outbox_recipient", async (db) => {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      for (const table of Object.keys(TABLES) as Table[]) {
        for (const [id, purpose] of [
          [FIRST, "Consulta pedida por la ciudadana"],
          [SECOND, "Control de calidad"],
        ])
          await sql.raw(`insert into ${table} (${TABLES[table].columns}) values (${TABLES[table].values(id, purpose)})`).execute(db);
      }
      const before = { operator_accesses: await rowsOf(db, "operator_accesses"), operator_changes: await rowsOf(db, "operator_changes") };
      await migrateToLatest(db);

      let refused = 0;
      for (const table of Object.keys(TABLES) as Table[]) {
        expect(await rowsOf(db, table), table).toEqual(before[table]);
        for (const statement of tricks(table, postgres)) {
          await expect(sql.raw(statement).execute(db), statement).rejects.toThrow();
          expect(await rowsOf(db, table), statement).toEqual(before[table]);
          refused += 1;
        }
        await sql
          .raw(
            `insert into ${table} (${TABLES[table].columns}) values (${TABLES[table].values("00000000-0000-4000-8000-000000000003", "Nueva")})`,
          )
          .execute(db);
        expect(await rowsOf(db, table)).toHaveLength(3);
      }
      expect(refused).toBe(postgres ? 12 : 56);
    });
  });

  it("migration 0024 goes down and up again with every row kept", async () => {
    await migratedUpTo("0024_append_only_without_rowid", async (db) => {
      const { columns, values } = TABLES.operator_accesses;
      await sql.raw(`insert into operator_accesses (${columns}) values (${values(FIRST, "Consulta")})`).execute(db);
      const before = await rowsOf(db, "operator_accesses");
      const schema = db.getExecutor().adapter instanceof PostgresAdapter ? await currentSchema(db) : undefined;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
      expect((await migrator.migrateTo("0023_mail_outbox_recipient")).error).toBeUndefined();
      expect(await rowsOf(db, "operator_accesses")).toEqual(before);
      await migrateToLatest(db);
      expect(await rowsOf(db, "operator_accesses")).toEqual(before);
      await expect(sql.raw(`delete from operator_accesses`).execute(db)).rejects.toThrow(/append-only/);
    });
  });
});

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}
