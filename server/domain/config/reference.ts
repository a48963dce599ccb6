import { keepReference, type KeptReference } from "../../../common/reference-data.js";
import type { Db, DbOrTx } from "../../db/index.js";
import { findPageSize, findTab, listCommunicationTypes, listModules, listTabs } from "./repository.js";

/**
 * Reference data a citizen's calls read on every page (decision 023): each module's page size, the
 * tabs of each module, the communication types' texts. The tables are small, the same for every
 * citizen, and change only by an operator's hand, so the API process's database handle may keep
 * them for `REFERENCE_CACHE_MS` (`keepReferenceData`, from `buildApp`), by the rule the portal keeps
 * its own by (common/reference-data.ts): a page's calls then do not each ask for the same rows.
 *
 * Only the handle `buildApp` registered keeps them, each table read whole at once; a transaction,
 * a command-line process and a test stack built with 0 ask for the one row they need, as before.
 * An operator's change through this process (`PUT /operator/api/config/modules/:id`) clears what
 * it kept (`forgetReferenceData`); another process, or a change made in the database directly, is
 * seen within `REFERENCE_CACHE_MS`. The instance
 * configuration (`GET /api/v4/instances/config`) and the checks of an operator's writes still read
 * the tables fresh.
 */
type Tables = {
  pageSizes: Map<string, number>;
  /** `module/code` of every tab */
  tabs: Set<string>;
  typeTexts: Map<string, string>;
};

const keptBy = new WeakMap<DbOrTx, KeptReference<Tables>>();

/** `db` keeps the reference data for `ttlMs` (0: it reads the tables every time). */
export function keepReferenceData(db: Db, ttlMs: number) {
  if (ttlMs > 0)
    keptBy.set(
      db,
      keepReference<Tables>(() => ttlMs),
    );
}

/** What `db` kept is read again on the next call (an operator changed a module). */
export function forgetReferenceData(db: DbOrTx) {
  keptBy.get(db)?.forget();
}

async function readTables(db: DbOrTx): Promise<Tables> {
  const [modules, tabs, types] = await Promise.all([listModules(db), listTabs(db), listCommunicationTypes(db)]);
  return {
    pageSizes: new Map(modules.map((m) => [m.id, m.page_size])),
    tabs: new Set(tabs.map((t) => `${t.module_id}/${t.code}`)),
    typeTexts: new Map(types.map((t) => [t.id, t.text])),
  };
}

/** The kept tables of a handle that keeps them, read again when too old; null for any other handle. */
function keptTables(db: DbOrTx): Promise<Tables> | null {
  return keptBy.get(db)?.get(() => readTables(db)) ?? null;
}

const pageSize = (value: number | undefined) => (value === undefined ? 10 : Math.max(1, Number(value)));

/** A module's page size (`module_configs.page_size`; 10 for a module without one). */
export async function pageSizeOf(db: DbOrTx, module: string): Promise<number> {
  const kept = keptTables(db);
  if (kept) return pageSize((await kept).pageSizes.get(module));
  return pageSize((await findPageSize(db, module))?.page_size);
}

/** Whether a module has a tab of this code. */
export async function tabExists(db: DbOrTx, module: string, code: string): Promise<boolean> {
  const kept = keptTables(db);
  if (kept) return (await kept).tabs.has(`${module}/${code}`);
  return Boolean(await findTab(db, module, code));
}

/** Each communication type's text, by its id. */
export async function communicationTypeTexts(db: DbOrTx): Promise<Map<string, string>> {
  const kept = keptTables(db);
  if (kept) return (await kept).typeTexts;
  return new Map((await listCommunicationTypes(db)).map((t) => [t.id, t.text]));
}
