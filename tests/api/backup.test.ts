/**
 * Backups, tried (issue 29, decision 108): a SQLite stack with data — the demo's rows and files, and
 * more written after the last checkpoint, still in the write-ahead log — is backed up online with
 * the operator command while the API holds the database open, restored into a fresh DATA_DIR with
 * the other command, and the restored stack has every row of every table and every file, byte for
 * byte. A plain copy of the live file, for contrast, misses what is in the log.
 */
import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../server/db/index.js";
import { pendingMigrations } from "../../server/db/migrate.js";
import { enqueueMail } from "../../server/mail/outbox.js";
import { createDiskBlobStore } from "../../server/storage/index.js";
import { startStack, type TestStack } from "./harness.js";

const root = path.resolve(__dirname, "../..");
const run = promisify(execFile);

let stack: TestStack;
const dirs: string[] = [];
const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `av-backup-${name}-`));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  stack = await startStack({ sqlite: true });
});
afterAll(async () => {
  await stack.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The operator CLI as an operator runs it, on `dataDir`. */
function operator(dataDir: string, ...args: string[]) {
  return run(process.execPath, ["--import", "tsx", "server/operator/cli.ts", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  });
}

/** Every row of every table of a SQLite file, in a stable order. */
function everyRow(file: string): Record<string, string[]> {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const tables = (
      db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    // Rows as JSON, sorted (some tables have no rowid to order by).
    return Object.fromEntries(
      tables.map((t) => [
        t,
        db
          .prepare(`select * from "${t}"`)
          .all()
          .map((r) => JSON.stringify(r))
          .sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

async function blobDigests(dir: string): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for await (const page of createDiskBlobStore(dir).list())
    for (const entry of page)
      digests.set(
        entry.key,
        createHash("sha256")
          .update(fs.readFileSync(path.join(dir, entry.key.slice(0, 2), entry.key)))
          .digest("hex"),
      );
  return digests;
}

describe("SQLite backup and restore (operator commands)", () => {
  it("backs up a live stack online and restores every row and every file into a fresh one", async () => {
    const dataDir = stack.config.dataDir;
    const live = path.join(dataDir, "portal.sqlite");
    // Writes after the last checkpoint stay in the write-ahead log, as on a busy server.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(stack.db);
    await sql`pragma wal_autocheckpoint = 0`.execute(stack.db);
    for (let i = 0; i < 25; i++)
      await enqueueMail(stack.db, { kind: "updated", to: `respaldo${i}@example.com`, subject: "Respaldo", text: "Texto" });
    const file = await stack.db.selectFrom("files").selectAll().limit(1).executeTakeFirstOrThrow();
    const key = randomUUID();
    await stack.store.put(key, Buffer.from("un archivo nuevo, todavía solo en el registro de escritura"));
    await stack.db
      .insertInto("files")
      .values({ ...file, id: randomUUID(), storage_key: key })
      .execute();
    expect(fs.statSync(`${live}-wal`).size).toBeGreaterThan(0);

    const before = everyRow(live);
    const blobsBefore = await blobDigests(path.join(dataDir, "blobs"));
    expect(before.files!.length).toBeGreaterThan(1);
    expect(blobsBefore.size).toBeGreaterThan(1);

    // A plain copy of the live file (no log): rows are missing.
    const plain = tmp("plain");
    fs.copyFileSync(live, path.join(plain, "portal.sqlite"));
    expect(everyRow(path.join(plain, "portal.sqlite")).mail_outbox!.length).toBeLessThan(before.mail_outbox!.length);

    // Online: the API's connection stays open while the command copies.
    const backup = path.join(tmp("to"), "respaldo");
    const made = JSON.parse((await operator(dataDir, "backup:create", "--to", backup)).stdout) as { blobs: number; missingBlobs: number };
    expect(made).toMatchObject({ blobs: blobsBefore.size, missingBlobs: 0 });

    const fresh = tmp("fresh");
    const restored = JSON.parse((await operator(fresh, "backup:restore", "--from", backup)).stdout) as Record<string, unknown>;
    expect(restored).toMatchObject({ blobs: blobsBefore.size, missingBlobs: 0, matchesManifest: true });

    expect(everyRow(path.join(fresh, "portal.sqlite"))).toEqual(before);
    expect(await blobDigests(path.join(fresh, "blobs"))).toEqual(blobsBefore);
    // The restored database is this release's: an API on it is ready.
    const { db } = await createDatabase({ dataDir: fresh });
    try {
      expect(await pendingMigrations(db)).toEqual([]);
    } finally {
      await db.destroy();
    }

    // Neither command overwrites: a backup goes into a new folder, a restore into an empty DATA_DIR.
    await expect(operator(dataDir, "backup:create", "--to", backup)).rejects.toMatchObject({ stderr: expect.stringMatching(/not empty/) });
    await expect(operator(fresh, "backup:restore", "--from", backup)).rejects.toMatchObject({ stderr: expect.stringMatching(/exists/) });
  }, 120_000);
});
