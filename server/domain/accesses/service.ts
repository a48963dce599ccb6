/**
 * The access log (decision 071): every operator call that reads or changes a citizen's data
 * writes one entry — who (operator and organismo), when, what (kind of item and its number, never
 * a file's contents), and the purpose the operator gave. A write's entry goes in the same
 * transaction as the change; a read's entry is committed before the data is answered.
 * Entries are never changed or deleted (the database refuses it too: migration 0015).
 */
import { randomUUID } from "node:crypto";
import { inTransaction, type DbOrTx } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import { ACCESS_ACTIONS, ACCESS_KINDS, type AccessAction, type AccessKind } from "../../../common/accesses.js";
import type { OperatorIdentity } from "../operators/service.js";
import {
  chatDocumentInstance,
  citizensByAddress,
  communicationOwner,
  countAccesses,
  insertAccess,
  instanceOwner,
  listAccesses,
  recordOwner,
  type AccessFilter,
} from "./repository.js";
import type { OperatorAccessesTable } from "./tables.js";

/** Who makes an operator call and why; `recorded` counts the entries written for it. */
export type AccessActor = { operator: OperatorIdentity; purpose: string; recorded: number };

/** What an access concerns. */
export type AccessItem = { cuil: string; ref: string | null; label: string | null };

/** Writes one entry; call it inside the transaction of the change (or before the read). */
export async function recordAccess(db: DbOrTx, actor: AccessActor, action: AccessAction, item: AccessItem, now = new Date()) {
  const kind: AccessKind = ACCESS_ACTIONS[action];
  await insertAccess(db, {
    id: randomUUID(),
    occurred_at: now.toISOString(),
    operator_id: actor.operator.id,
    operator_name: actor.operator.name,
    organismo: actor.operator.organismo,
    citizen_cuil: item.cuil,
    kind,
    item_ref: item.ref,
    item_label: item.label ? item.label.slice(0, 300) : null,
    action,
    purpose: actor.purpose,
  });
  actor.recorded++;
}

// ------------------------------------------------------------ what an operator call names

export async function procedureItem(db: DbOrTx, id: string): Promise<AccessItem> {
  const row = await instanceOwner(db, id);
  if (!row) throw ApiError.notFound("No se encontró el trámite.");
  return { cuil: row.owner_cuil, ref: row.id, label: row.title };
}

export async function chatDocumentItem(db: DbOrTx, documentId: string): Promise<AccessItem> {
  const row = await chatDocumentInstance(db, documentId);
  if (!row) throw ApiError.notFound("No se encontró el documento.");
  return { cuil: row.owner_cuil, ref: row.id, label: row.title };
}

export async function recordItem(db: DbOrTx, id: string): Promise<AccessItem> {
  const row = await recordOwner(db, id);
  if (!row) throw ApiError.notFound("No se encontró el expediente.");
  return { cuil: row.owner_cuil, ref: row.id, label: row.code };
}

export async function communicationItem(db: DbOrTx, code: string): Promise<AccessItem> {
  const row = await communicationOwner(db, code);
  if (!row) throw ApiError.notFound("No se encontró la comunicación.");
  return { cuil: row.cuil, ref: row.code, label: row.code };
}

/**
 * Whose address each outbox row goes to: the CUIL the row was written with (migration 0023) or,
 * for a row written before it, every citizen who holds that address now (an adhesion's or an
 * account's e-mail). A row nobody holds maps to [] (its address is not shown: it would be logged
 * nowhere).
 */
export async function mailRecipients(
  db: DbOrTx,
  rows: { id: string; to_address: string; recipient_cuil: string | null }[],
): Promise<Map<string, string[]>> {
  const unnamed = rows.filter((r) => !r.recipient_cuil).map((r) => r.to_address);
  const holders = new Map<string, Set<string>>();
  for (const c of await citizensByAddress(db, unnamed)) holders.set(c.address, (holders.get(c.address) ?? new Set()).add(c.cuil));
  const holdersOf = (address: string) => [...(holders.get(address.toLowerCase()) ?? [])];
  return new Map(rows.map((r) => [r.id, r.recipient_cuil ? [r.recipient_cuil] : holdersOf(r.to_address)]));
}

/**
 * The usual shape of an audited operator call on one existing item: find its owner, write the
 * entry and do the work in one transaction (a read's entry is committed before it is answered).
 */
export function audited<T>(
  db: DbOrTx,
  actor: AccessActor,
  action: AccessAction,
  locate: (trx: DbOrTx) => Promise<AccessItem>,
  work: (trx: DbOrTx, item: AccessItem) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    const item = await locate(trx);
    await recordAccess(trx, actor, action, item);
    return work(trx, item);
  });
}

// ------------------------------------------------------------ the citizen's side

export type AccessDto = {
  id: string;
  occurredAt: string;
  operator: { name: string; organismo: string };
  kind: AccessKind;
  action: AccessAction;
  item: { ref: string | null; label: string | null };
  purpose: string;
};

export function toAccessDto(row: OperatorAccessesTable): AccessDto {
  return {
    id: row.id,
    occurredAt: row.occurred_at,
    operator: { name: row.operator_name, organismo: row.organismo },
    kind: row.kind,
    action: row.action,
    item: { ref: row.item_ref, label: row.item_label },
    purpose: row.purpose,
  };
}

export const ACCESS_PAGE_SIZE = 20;

export type AccessQuery = { page: number; since?: string; until?: string; kind?: AccessKind };

/** The signed-in citizen's accesses, newest first, one page. `since`/`until` are UTC days, inclusive. */
export async function listCitizenAccesses(db: DbOrTx, cuil: string, q: AccessQuery) {
  if (q.kind && !ACCESS_KINDS.includes(q.kind)) throw ApiError.badRequest("Datos inválidos en: kind.");
  const filter: AccessFilter = {
    cuil,
    kind: q.kind,
    since: q.since ? `${q.since}T00:00:00.000Z` : undefined,
    until: q.until ? nextDay(q.until) : undefined,
  };
  const total = await countAccesses(db, filter);
  const lastPage = Math.max(1, Math.ceil(total / ACCESS_PAGE_SIZE));
  const rows = q.page > lastPage ? [] : await listAccesses(db, filter, ACCESS_PAGE_SIZE, (q.page - 1) * ACCESS_PAGE_SIZE);
  return { accesses: rows.map(toAccessDto), total, page: q.page, last_page: lastPage, page_size: ACCESS_PAGE_SIZE };
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}
