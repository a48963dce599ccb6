import type { Kysely } from "kysely";

/**
 * Frozen: never edit after it shipped. Whose address a mail goes to (decision 028, amended): the
 * citizen's CUIL on each outbox row, written by `enqueueMail` with the row, so that an operator who
 * is shown a parked mail's address (`mail:parked --motivo`) leaves an entry in that citizen's access
 * log (decision 071). Rows written before this migration keep it null (their owner is looked up by
 * address when they are shown). No foreign key to `citizens`: a cascade would delete mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("recipient_cuil", "varchar(11)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("recipient_cuil").execute();
}
