import { hashPassword } from "../auth/password.js";
import type { DbOrTx } from "../db/index.js";
import { demoCitizens } from "../auth/oidc/demo-citizens.js";
import { moduleSeed, settingsSeed, tabSeed } from "./reference-data.js";
import { seedProcedures } from "./procedures.js";
import { seedChat } from "./chat.js";
import { seedDigital, seedDigitalReference } from "./digital.js";
import { seedRecords } from "./records.js";
import { seedThread } from "./thread.js";
import type { BlobStore } from "../storage/index.js";

/** `store`: where seeded files (PDFs of the demo data) go; without it no files are seeded. */
export type SeedOptions = { issuer: string; tenant: string; store?: BlobStore };

/** Module configuration, tabs and settings: inserted when missing, never overwritten. */
export async function seedReferenceData(db: DbOrTx, options: SeedOptions): Promise<void> {
  await db
    .insertInto("module_configs")
    .values(moduleSeed)
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await db
    .insertInto("module_tabs")
    .values(tabSeed)
    .onConflict((oc) => oc.columns(["module_id", "code"]).doNothing())
    .execute();
  await db
    .insertInto("app_settings")
    .values(settingsSeed(options))
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  // Digital domicile: communication types and the tenant's terms / privacy texts.
  await seedDigitalReference(db, options.tenant);
}

/** The demo citizens and their adhesions: inserted when missing (passwords are not reset). */
export async function seedDemoCitizens(db: DbOrTx): Promise<number> {
  const existing = new Set(
    (
      await db
        .selectFrom("citizens")
        .select("cuil")
        .where(
          "cuil",
          "in",
          demoCitizens.map((c) => c.cuil),
        )
        .execute()
    ).map((r) => r.cuil),
  );
  let inserted = 0;
  for (const c of demoCitizens) {
    if (!existing.has(c.cuil)) {
      await db
        .insertInto("citizens")
        .values({
          cuil: c.cuil,
          given_name: c.givenName,
          family_name: c.familyName,
          email: c.email,
          phone_code: c.phone?.code ?? null,
          phone_number: c.phone?.number ?? null,
          uid: c.uid,
          password_hash: await hashPassword(c.password),
          created_at: "2025-01-02T12:00:00.000Z",
        })
        .onConflict((oc) => oc.column("cuil").doNothing())
        .execute();
      inserted++;
    }
    if (c.adhesion) {
      await db
        .insertInto("dd_adhesions")
        .values({
          cuil: c.cuil,
          email: c.adhesion.email,
          phone_code: c.adhesion.phone?.code ?? null,
          phone_number: c.adhesion.phone?.number ?? null,
          adhered_at: c.adhesion.adheredAt,
        })
        .onConflict((oc) => oc.column("cuil").doNothing())
        .execute();
    }
  }
  return inserted;
}

/** Everything a demo instance needs. Idempotent. */
export async function seed(db: DbOrTx, options: SeedOptions): Promise<void> {
  await seedReferenceData(db, options);
  await seedDemoCitizens(db);
  // Records first: the procedures seed links some instances to the demo citizen's first record.
  if (options.store) await seedRecords(db, options.store);
  await seedProcedures(db, { store: options.store });
  await seedChat(db, { store: options.store });
  await seedDigital(db, { tenant: options.tenant, store: options.store });
  // Decisions 026 and 014: communications about her procedures / records, with due dates.
  await seedThread(db, { store: options.store });
}

/** Whether the database holds no citizens and no configuration yet. */
export async function isEmpty(db: DbOrTx): Promise<boolean> {
  const citizen = await db.selectFrom("citizens").select("cuil").limit(1).executeTakeFirst();
  const module = await db.selectFrom("module_configs").select("id").limit(1).executeTakeFirst();
  return !citizen && !module;
}
