import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { makePng } from "../../server/domain/files/samples.js";
import { chunkedUpload } from "./faults-helpers.js";
import { leafInteractiveProcedure } from "./fixtures.js";
import { startStack, TEST_AUDIENCE, testSigner, type ApiJson, type TestStack } from "./harness.js";
import { until } from "../until.js";

/**
 * A write interrupted by a crash leaves no partial state. The API runs in a child
 * process (tests/api/faults.child.ts) over this test's database; a test trigger holds the
 * multi-row write open at its last insert, the test SIGKILLs the process there, and checks that
 * none of the write's rows exist; a restarted API then does the same write whole. On PostgreSQL the
 * trigger sleeps (pg_sleep) and the dead client's backend is terminated; on SQLite it calls a
 * blocking SQL function of the child.
 */
const citizen = demoCitizens[0].cuil;
const root = path.resolve(__dirname, "../..");

let stack: TestStack;
let signer: Awaited<ReturnType<typeof testSigner>>;
let child: ChildProcess | undefined;
let marker: string;

const token = () => signer.sign(stack.issuer, citizen);

/** Starts the API in a child process over the stack's database; resolves with its base URL. */
async function startChild(): Promise<string> {
  const config: Record<string, string> = {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: stack.config.dataDir,
    OIDC_ISSUER: stack.issuer,
    API_AUDIENCE: TEST_AUDIENCE,
    PORTAL_URL: stack.config.PORTAL_URL,
    ...(stack.config.DATABASE_URL ? { DATABASE_URL: stack.config.DATABASE_URL, DATABASE_SCHEMA: stack.config.DATABASE_SCHEMA! } : {}),
  };
  const payload = {
    config,
    jwk: signer.jwk,
    pauseMarker: marker,
    ...(stack.dialect === "sqlite" ? { sqliteFile: path.join(stack.config.dataDir, "portal.sqlite") } : {}),
  };
  const proc = spawn(process.execPath, ["--import", "tsx", "tests/api/faults.child.ts"], {
    cwd: root,
    env: { ...process.env, FAULT_CHILD: JSON.stringify(payload) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = proc;
  let errors = "";
  proc.stderr!.on("data", (d) => (errors += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child did not start: ${errors}`)), 120_000);
    proc.stdout!.on("data", (d: Buffer) => {
      const m = /listening (\d+)/.exec(d.toString());
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`child exited (${code}): ${errors}`));
    });
  });
}

async function killChild() {
  const proc = child;
  child = undefined;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  proc.kill("SIGKILL");
  await exited;
}

/** A trigger that holds the insert of `table` open when `column` equals 'CRASH'. */
async function installPause(table: string, column: string) {
  if (stack.dialect === "sqlite") {
    await sql
      .raw(`create trigger fault_pause_${table} before insert on ${table} when new.${column} = 'CRASH' begin select fault_pause(); end`)
      .execute(stack.db);
  } else {
    await sql
      .raw(
        `create or replace function fault_pause() returns trigger language plpgsql as $$ begin perform pg_sleep(120); return new; end $$`,
      )
      .execute(stack.db);
    await sql
      .raw(
        `create trigger fault_pause_${table} before insert on ${table} for each row when (new.${column} = 'CRASH') execute function fault_pause()`,
      )
      .execute(stack.db);
  }
}

async function dropPause(table: string) {
  await sql
    .raw(
      stack.dialect === "sqlite"
        ? `drop trigger if exists fault_pause_${table}`
        : `drop trigger if exists fault_pause_${table} on ${table}`,
    )
    .execute(stack.db);
}

/** Waits until the child is held inside the trigger, i.e. in the middle of its transaction. */
async function waitForPause(table: string): Promise<void> {
  if (stack.dialect === "sqlite") return until(() => fs.existsSync(marker), "the child held in the trigger");
  return until(async () => {
    const { rows } = await sql<{
      pid: number;
    }>`select pid from pg_stat_activity where wait_event = 'PgSleep' and query ilike ${`%${table}%`}`.execute(stack.db);
    return rows.length > 0;
  }, "the child held in the trigger");
}

/** PostgreSQL only: the server ends the dead client's session (as it does when it notices). */
async function endOrphanedSessions(table: string) {
  if (stack.dialect !== "postgres") return;
  await sql`select pg_terminate_backend(pid) from pg_stat_activity where wait_event = 'PgSleep' and query ilike ${`%${table}%`}`.execute(
    stack.db,
  );
}

async function api(base: string, method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${await token()}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as ApiJson };
}

/** Starts a request and does not wait for it (the process will die under it). */
function fire(base: string, method: string, pathname: string, body: unknown) {
  token().then((t) =>
    fetch(`${base}${pathname}`, {
      method,
      headers: { authorization: `Bearer ${t}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => undefined),
  );
}

async function uploadPng(base: string, name: string): Promise<string> {
  const form = new FormData();
  form.set("filename", name);
  form.set("file", new Blob([new Uint8Array(makePng())], { type: "image/png" }), name);
  const res = await fetch(`${base}/api/fs/raw/bucket`, {
    method: "POST",
    headers: { authorization: `Bearer ${await token()}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: string }).result;
}

/** Rows in a table, or only those of one owner (`owner_cuil`). */
const count = async (table: "proc_instances" | "proc_history" | "chat_events" | "chat_idempotency" | "files", owner?: string) => {
  const mine = owner === undefined ? sql`` : sql` where owner_cuil = ${owner}`;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}${mine}`.execute(stack.db);
  return Number(rows[0]!.n);
};

function blobFiles(): string[] {
  const dir = path.join(stack.config.dataDir, "blobs");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.parentPath.includes(`${path.sep}.tmp`))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

beforeAll(async () => {
  stack = await startStack();
  signer = await testSigner("crash-key");
}, 60_000);
afterEach(async () => {
  await killChild();
  if (marker) fs.rmSync(marker, { force: true });
});
afterAll(async () => {
  await killChild();
  await stack?.close();
});

describe("a crash in the middle of a write leaves nothing half done", () => {
  it("registering several documents in a record: none of them, then all of them after a restart", { timeout: 240_000 }, async () => {
    marker = path.join(stack.config.dataDir, `pause-${randomUUID()}`);
    const record = await stack.db
      .selectFrom("records")
      .select("id")
      .where("owner_cuil", "=", citizen)
      .where("read_only", "=", 0)
      .executeTakeFirstOrThrow();
    let base = await startChild();
    const ids = [await uploadPng(base, "uno.png"), await uploadPng(base, "dos.png"), await uploadPng(base, "tres.png")];
    await installPause("record_documents", "reference");
    try {
      const files = ids.map((fileId, i) => ({
        fileId,
        fileName: `Doc ${i}`,
        reference: i === 2 ? "CRASH" : `Ref ${i}`,
        mime: "image/png",
      }));
      fire(base, "POST", `/api/v4/filemanager/${record.id}/upload?module=records`, { files });
      await waitForPause("record_documents");
      await killChild();
      await endOrphanedSessions("record_documents");
      const rows = await stack.db.selectFrom("record_documents").select("id").where("file_id", "in", ids).execute();
      expect(rows).toHaveLength(0);
    } finally {
      await dropPause("record_documents");
    }
    base = await startChild();
    const again = await api(base, "POST", `/api/v4/filemanager/${record.id}/upload?module=records`, {
      files: ids.map((fileId, i) => ({ fileId, fileName: `Doc ${i}`, reference: `Ref ${i}`, mime: "image/png" })),
    });
    expect(again.status).toBe(200);
    expect(await stack.db.selectFrom("record_documents").select("id").where("file_id", "in", ids).execute()).toHaveLength(3);
  });

  it(
    "creating an instance from the draft chat: no instance, history, event or idempotency row; then one whole instance",
    { timeout: 240_000 },
    async () => {
      marker = path.join(stack.config.dataDir, `pause-${randomUUID()}`);
      const procedureId = await leafInteractiveProcedure(stack.db);
      const before = {
        instances: await count("proc_instances", citizen),
        history: await count("proc_history"),
        events: await count("chat_events"),
        keys: await count("chat_idempotency"),
      };
      const key = `crash-${randomUUID()}`;
      const draft = (message: string) => ({
        action: "text",
        data: { message },
        procedureId,
        procedureAcceptedTerms: true,
        idempotencyKey: key,
      });
      let base = await startChild();
      await installPause("chat_events", "message");
      try {
        fire(base, "PUT", "/api/v4/instances/DRAFT/interactive/generic", draft("CRASH"));
        await waitForPause("chat_events");
        await killChild();
        await endOrphanedSessions("chat_events");
        expect({
          instances: await count("proc_instances", citizen),
          history: await count("proc_history"),
          events: await count("chat_events"),
          keys: await count("chat_idempotency"),
        }).toEqual(before);
      } finally {
        await dropPause("chat_events");
      }
      base = await startChild();
      const sent = await api(base, "PUT", "/api/v4/instances/DRAFT/interactive/generic", draft("Hola, quiero iniciar el trámite"));
      expect(sent.status).toBe(200);
      expect(await count("proc_instances", citizen)).toBe(before.instances + 1);
      // The same idempotency key again: still one instance (the crashed attempt left no key behind).
      expect((await api(base, "PUT", "/api/v4/instances/DRAFT/interactive/generic", draft("Hola otra vez"))).json.result).toEqual(
        sent.json.result,
      );
      expect(await count("proc_instances", citizen)).toBe(before.instances + 1);
    },
  );

  it(
    "a streaming upload cut by a crash leaves no file row and no blob; the restarted API stores the next one",
    { timeout: 240_000 },
    async () => {
      marker = path.join(stack.config.dataDir, `pause-${randomUUID()}`);
      let base = await startChild();
      const rows = await count("files", citizen);
      const blobs = blobFiles();
      const tmp = path.join(stack.config.dataDir, "blobs", ".tmp");
      const partsBefore = fs.existsSync(tmp) ? fs.readdirSync(tmp).length : 0;

      const boundary = `----crash${randomUUID()}`;
      const request = chunkedUpload(base, await token(), boundary);
      request.write(`--${boundary}\r\ncontent-disposition: form-data; name="filename"\r\n\r\ngrande.png\r\n`);
      request.write(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="grande.png"\r\ncontent-type: image/png\r\n\r\n`,
      );
      const chunk = Buffer.alloc(256 * 1024);
      makePng().copy(chunk);
      request.write(chunk);
      for (let i = 0; i < 8; i++) request.write(Buffer.alloc(256 * 1024, i));
      // The child is streaming the file to disk (a temporary part file exists): kill it now.
      await until(() => fs.existsSync(tmp) && fs.readdirSync(tmp).length > partsBefore, "a part file of the upload");
      await killChild();
      request.destroy();

      expect(await count("files", citizen)).toBe(rows);
      expect(blobFiles()).toEqual(blobs);

      base = await startChild();
      const id = await uploadPng(base, "despues.png");
      expect(await count("files", citizen)).toBe(rows + 1);
      expect(blobFiles()).toHaveLength(blobs.length + 1);
      expect((await stack.db.selectFrom("files").select("id").where("id", "=", id).execute()).length).toBe(1);
    },
  );
});
