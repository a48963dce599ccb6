import type { Updateable } from "kysely";
import type { DbOrTx } from "../../db/index.js";
import type { ModuleConfigsTable } from "../../db/types.js";
import type { OperatorChangesTable } from "./tables.js";

export function listModules(db: DbOrTx) {
  return db.selectFrom("module_configs").selectAll().orderBy("position").orderBy("id").execute();
}

export function listTabs(db: DbOrTx) {
  return db.selectFrom("module_tabs").selectAll().orderBy("module_id").orderBy("position").orderBy("code").execute();
}

/** A module's page size, alone (`module_configs`). */
export function findPageSize(db: DbOrTx, module: string) {
  return db.selectFrom("module_configs").select("page_size").where("id", "=", module).executeTakeFirst();
}

/** A module's tabs' codes and descriptions. */
export function listTabLabels(db: DbOrTx, module: string) {
  return db.selectFrom("module_tabs").select(["code", "description"]).where("module_id", "=", module).execute();
}

export function findTab(db: DbOrTx, module: string, code: string) {
  return db.selectFrom("module_tabs").select("code").where("module_id", "=", module).where("code", "=", code).executeTakeFirst();
}

/** The communication types of the digital domicile, in their order. */
export function listCommunicationTypes(db: DbOrTx) {
  return db.selectFrom("dd_communication_types").select(["id", "text"]).orderBy("position").execute();
}

export async function getSettings(db: DbOrTx, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom("app_settings").select(["key", "value"]).where("key", "in", keys).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function findModule(db: DbOrTx, id: string) {
  return db.selectFrom("module_configs").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function updateModule(db: DbOrTx, id: string, values: Updateable<ModuleConfigsTable>) {
  if (Object.keys(values).length > 0) await db.updateTable("module_configs").set(values).where("id", "=", id).execute();
}

export async function putSetting(db: DbOrTx, key: string, value: string) {
  await db
    .insertInto("app_settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

// ---------------------------------------------------------------- the operators' changes (./changes.ts)

export async function insertOperatorChange(db: DbOrTx, row: OperatorChangesTable) {
  await db.insertInto("operator_changes").values(row).execute();
}

/** The latest changes, newest first (`config:changes`). */
export function listChanges(db: DbOrTx, limit = 50) {
  return db.selectFrom("operator_changes").selectAll().orderBy("occurred_at", "desc").orderBy("id", "desc").limit(limit).execute();
}
