/**
 * One thread between the three modules (decision 026): a communication of the digital
 * domicile may concern a procedure instance and/or a record. Both must belong to the
 * communication's citizen: a link to anybody else's item is refused (400 INVALID_LINK) and a
 * listing about anybody else's item answers 404, like every other id that is not theirs.
 */
import type { DbOrTx } from "../../db/index.js";
import { ApiError } from "../../errors.js";
import { ID_PATTERN } from "../../../common/ids.js";
import { notAdhered } from "../dd/errors.js";
import {
  findLinkedAccess,
  findOwnedInstanceId,
  findOwnedInstanceTitle,
  findOwnedRecordCode,
  findOwnedRecordId,
  listCommunicationsAbout,
} from "./repository.js";

export type Links = { instanceId?: string | null; recordId?: string | null };

export const INVALID_INSTANCE_LINK = "El trámite indicado no existe o no pertenece al ciudadano de la comunicación.";
export const INVALID_RECORD_LINK = "El expediente indicado no existe o no pertenece al ciudadano de la comunicación.";

const ID = ID_PATTERN;

/** Refuses (400 INVALID_LINK) an instance or record that is not `cuil`'s. Null / undefined pass. */
export async function assertLinksOwned(db: DbOrTx, cuil: string, links: Links): Promise<void> {
  if (links.instanceId) {
    const row = ID.test(links.instanceId) ? await findOwnedInstanceId(db, cuil, links.instanceId) : undefined;
    if (!row) throw new ApiError(400, "INVALID_LINK", INVALID_INSTANCE_LINK);
  }
  if (links.recordId) {
    const row = ID.test(links.recordId) ? await findOwnedRecordId(db, cuil, links.recordId) : undefined;
    if (!row) throw new ApiError(400, "INVALID_LINK", INVALID_RECORD_LINK);
  }
}

/** What a communication shows of the items it concerns: title of the procedure, code of the record. */
export async function describeLinks(db: DbOrTx, cuil: string, links: { instance_id?: string | null; record_id?: string | null }) {
  const [instance, record] = await Promise.all([
    links.instance_id ? findOwnedInstanceTitle(db, cuil, links.instance_id) : undefined,
    links.record_id ? findOwnedRecordCode(db, cuil, links.record_id) : undefined,
  ]);
  return {
    instance: instance ? { id: instance.id, title: instance.title } : null,
    record: record ? { id: record.id, code: record.code, title: record.title } : null,
  };
}

export type LinkedCommunication = {
  code: string;
  subject: string;
  client: string;
  created_at: string;
  seen_date: string | null;
  archived: boolean;
  due_date: string | null;
  instance_id: string | null;
  record_id: string | null;
};

/** Most communications listed per item (newest first). */
export const LINKED_LIMIT = 50;

/**
 * The citizen's communications about the given instances and/or one record, newest first. The citizen
 * must be adhered to the digital domicile (400 NOT_ADHERED, before anything else, as `requireAdhesion`)
 * and every id must be theirs (404 otherwise), so a listing never tells whether someone else's item
 * exists: both are asked in one query, then the communications in another. Without any item, nothing.
 */
export async function linkedCommunications(
  db: DbOrTx,
  cuil: string,
  about: { instances?: string[]; record?: string },
): Promise<LinkedCommunication[]> {
  const instances = [...new Set(about.instances ?? [])];
  // An id of another shape names no row: the adhesion is still asked, and it answers 404 after.
  const shaped = instances.every((id) => ID.test(id)) && (!about.record || ID.test(about.record));
  const access = await findLinkedAccess(db, cuil, shaped ? { instances, record: about.record } : { instances: [] });
  if (!access.adhered) throw notAdhered();
  if (!shaped || access.instances !== instances.length || (about.record && !access.record)) throw ApiError.notFound();
  if (!instances.length && !about.record) return [];
  const rows = await listCommunicationsAbout(
    db,
    cuil,
    { instances, record: about.record },
    LINKED_LIMIT * Math.max(1, instances.length + (about.record ? 1 : 0)),
  );
  return rows.map((r) => ({
    code: r.code,
    subject: r.subject,
    client: r.client,
    created_at: r.created_at,
    seen_date: r.seen_date,
    archived: r.archived === 1,
    due_date: r.due_date ?? null,
    instance_id: r.instance_id ?? null,
    record_id: r.record_id ?? null,
  }));
}
