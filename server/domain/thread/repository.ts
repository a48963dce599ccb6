/**
 * The thread's queries (decision 063): the citizen's instances and records a communication may concern,
 * and the communications about them. Every one is scoped to the citizen; the rules (400 INVALID_LINK,
 * 404) are the service's (./service.ts).
 */
import type { DbOrTx } from "../../db/index.js";

/** The citizen's instance's id and title; undefined when it is another citizen's or does not exist. */
export function findOwnedInstanceTitle(db: DbOrTx, cuil: string, id: string) {
  return db.selectFrom("proc_instances").select(["id", "title"]).where("id", "=", id).where("owner_cuil", "=", cuil).executeTakeFirst();
}

/** The citizen's record's id, code and title; undefined when it is another citizen's or does not exist. */
export function findOwnedRecordCode(db: DbOrTx, cuil: string, id: string) {
  return db.selectFrom("records").select(["id", "code", "title"]).where("id", "=", id).where("owner_cuil", "=", cuil).executeTakeFirst();
}

/** The citizen's instance's id alone, when it is theirs. */
export function findOwnedInstanceId(db: DbOrTx, cuil: string, id: string) {
  return db.selectFrom("proc_instances").select("id").where("id", "=", id).where("owner_cuil", "=", cuil).executeTakeFirst();
}

/** The citizen's record's id alone, when it is theirs. */
export function findOwnedRecordId(db: DbOrTx, cuil: string, id: string) {
  return db.selectFrom("records").select("id").where("id", "=", id).where("owner_cuil", "=", cuil).executeTakeFirst();
}

/**
 * In one query, what a listing about these items needs to know first: whether the citizen is adhered
 * (a row of `dd_adhesions`, as `findAdhesion` reads it), how many of `instances` are theirs (each id
 * once) and whether `record` is.
 */
export async function findLinkedAccess(db: DbOrTx, cuil: string, about: { instances: string[]; record?: string }) {
  const row = await db
    .selectNoFrom((eb) => {
      /** How many of `ids` are the citizen's rows of `table` (0, without a query, for none). */
      const owned = (table: "proc_instances" | "records", ids: string[]) =>
        ids.length
          ? eb
              // Both tables have `id` and `owner_cuil`; Kysely is told one of them so it can check the names.
              .selectFrom(table as "records")
              .select((e) => e.fn.countAll<number | string>().as("n"))
              .where("owner_cuil", "=", cuil)
              .where("id", "in", ids)
          : eb.lit(0);
      return [
        eb
          .selectFrom("dd_adhesions")
          .select((e) => e.fn.countAll<number | string>().as("n"))
          .where("cuil", "=", cuil)
          .as("adhesions"),
        owned("proc_instances", about.instances).as("instances"),
        owned("records", about.record ? [about.record] : []).as("records"),
      ];
    })
    .executeTakeFirstOrThrow();
  return { adhered: Number(row.adhesions) > 0, instances: Number(row.instances), record: Number(row.records) > 0 };
}

/** The citizen's communications about any of `instances` or about `record`, newest first, at most `limit`. */
export function listCommunicationsAbout(db: DbOrTx, cuil: string, about: { instances: string[]; record?: string }, limit: number) {
  return db
    .selectFrom("dd_communications")
    .select(["code", "subject", "client", "created_at", "seen_date", "archived", "due_date", "instance_id", "record_id"])
    .where("cuil", "=", cuil)
    .where((eb) =>
      eb.or([
        ...(about.instances.length ? [eb("instance_id", "in", about.instances)] : []),
        ...(about.record ? [eb("record_id", "=", about.record)] : []),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("code", "desc")
    .limit(limit)
    .execute();
}
