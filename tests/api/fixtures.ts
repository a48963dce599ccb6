/**
 * What the API test files share beyond the stack itself: the stack of a file (started before its
 * tests, closed after them), citizens who call it with their own token, the operator's calls, and
 * the rows several files write or count the same way.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, PostgresAdapter, sql } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import { createDatabase, type Db } from "../../server/db/index.js";
import { migrations } from "../../server/db/migrations/index.js";
import { call, startStack, type ApiJson, type OperatorCall, type TestStack } from "./harness.js";

/** The development operator token and a purpose (decision 071), as every operator call of the tests sends them. */
export const OPERATOR = { authorization: "Bearer dev-operator-token-change-me", "x-motivo": "Pruebas automaticas" };

/**
 * The stack of a test file (or of a describe block, when called inside one): started in its
 * beforeAll (given a minute, as on a loaded machine), closed in its afterAll. What it returns stands
 * for that stack once started; reading it before (at module level) is a mistake, and says so.
 */
export function useStack(options?: Parameters<typeof startStack>[0]): TestStack {
  let started: TestStack | undefined;
  beforeAll(async () => {
    started = await startStack(options);
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as TestStack, {
    get(_target, name) {
      if (!started) throw new Error("the stack starts in beforeAll: use it inside a test or a hook");
      return Reflect.get(started, name) as unknown;
    },
  });
}

/** The operator API of `stack`, called with the development operator token. */
export function operatorOf(stack: TestStack): OperatorCall {
  return (method, path, body) => call(stack, `/operator/api${path}`, { method, headers: OPERATOR, body });
}

/** A citizen calling the API with a token of their own: GET, PUT and POST with a JSON body. */
export function callsAs(stack: TestStack, token: string) {
  return {
    get: (path: string, headers?: Record<string, string>) => call(stack, path, { token, headers }),
    put: (path: string, body: unknown) => call(stack, path, { method: "PUT", token, body }),
    post: (path: string, body: unknown) => call(stack, path, { method: "POST", token, body }),
  };
}

/**
 * `citizen` (a demo citizen or any with a cuil) signed in to `stack` for the file's tests: their
 * access token, signed in a beforeAll, and their calls (`callsAs`).
 */
export function signedIn<C extends { cuil: string }>(stack: TestStack, citizen: C) {
  let token: string | undefined;
  beforeAll(async () => {
    token = await stack.sign({ sub: citizen.cuil });
  });
  const signed = () => {
    if (token === undefined) throw new Error("the token is signed in beforeAll");
    return token;
  };
  return {
    ...citizen,
    get token() {
      return signed();
    },
    get: (path: string, headers?: Record<string, string>) => callsAs(stack, signed()).get(path, headers),
    put: (path: string, body: unknown) => callsAs(stack, signed()).put(path, body),
    post: (path: string, body: unknown) => callsAs(stack, signed()).post(path, body),
  };
}

/** A citizen row written directly (not through the operator API), adhered to the digital domicile unless told. */
export async function insertCitizen(
  db: Db,
  citizen: { cuil: string; givenName: string; familyName: string; email: string; phone?: { code: string; number: string } },
  { adhered = true } = {},
) {
  const { cuil, givenName, familyName, email, phone } = citizen;
  const now = new Date().toISOString();
  const row = { cuil, given_name: givenName, family_name: familyName, email, uid: `uid-${cuil}`, password_hash: "x", created_at: now };
  await db
    .insertInto("citizens")
    .values({ ...row, phone_code: phone?.code ?? null, phone_number: phone?.number ?? null })
    .execute();
  if (adhered) await db.insertInto("dd_adhesions").values({ cuil, email, phone_code: null, phone_number: null, adhered_at: now }).execute();
}

/** How many file rows `cuil` owns. */
export async function filesOf(db: Db, cuil: string): Promise<number> {
  const row = await db
    .selectFrom("files")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("owner_cuil", "=", cuil)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A procedure instance made through the operator API for `cuil` ("pending", amber, unless told): its answer. */
export async function operatorInstance(op: OperatorCall, cuil: string, procedureId: number, more: Record<string, unknown> = {}) {
  return op("POST", "/procedures/instances", {
    cuil,
    procedureId,
    tab: "pending",
    state: { text: "Pendiente", color: "#B45309" },
    ...more,
  }) as Promise<{ status: number; json: ApiJson }>;
}

/** The seed's first interactive procedure with (or without) terms to accept. */
export async function interactiveProcedure(db: Db, { terms }: { terms: boolean }) {
  return db
    .selectFrom("proc_catalogue")
    .select(["id", "description", "docs_table"])
    .where("type", "=", "INTERACTIVE")
    .where("terms_enabled", "=", terms ? 1 : 0)
    .orderBy("id")
    .executeTakeFirstOrThrow();
}

/**
 * A chat the citizen of `token` starts with a first message on the first interactive procedure
 * without terms (with `key`, an idempotency key): its new instance and the procedure's name.
 */
export async function startChat(stack: TestStack, token: string, key?: string) {
  const procedure = await interactiveProcedure(stack.db, { terms: false });
  const res = await callsAs(stack, token).put("/api/v4/instances/DRAFT/interactive/generic", {
    action: "text",
    data: { message: "Hola, quiero iniciar el trámite." },
    procedureId: procedure.id,
    idempotencyKey: key,
  });
  expect(res.status).toBe(200);
  return { id: res.json.result.instanceId as string, name: procedure.description };
}

/**
 * A database of the test's own (a SQLite file, or a schema of its own with TEST_DATABASE_URL)
 * migrated up to `migration` only, to try the later migrations on rows written before them: `work`
 * runs over it (with a temporary folder of its own), then it is dropped.
 */
export async function migratedUpTo(migration: string, work: (db: Db, dir: string) => Promise<void>) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "av-migration-"));
  const schema = pgUrl ? `t_${randomUUID().replace(/-/g, "").slice(0, 20)}` : undefined;
  const { db } = await createDatabase(pgUrl ? { databaseUrl: pgUrl, schema } : { sqliteFile: path.join(dir, "m.sqlite") });
  try {
    const migrationTableSchema = db.getExecutor().adapter instanceof PostgresAdapter ? schema : undefined;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema });
    expect((await migrator.migrateTo(migration)).error).toBeUndefined();
    await work(db, dir);
  } finally {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The id of the seed's first interactive procedure that is a procedure (not a group of them). */
export async function leafInteractiveProcedure(db: Db): Promise<number> {
  const row = await db
    .selectFrom("proc_catalogue")
    .select("id")
    .where("type", "=", "INTERACTIVE")
    .where("is_parent", "=", 0)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
