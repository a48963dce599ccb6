/**
 * Backups of a one-machine deployment (SQLite and, usually, blobs on disk; issue 29, decision 108):
 *
 *   npm run operator -- backup:create --to /respaldos/2026-11-27      (online: the API keeps serving)
 *   npm run operator -- backup:restore --from /respaldos/2026-11-27   (into an empty DATA_DIR, API stopped)
 *
 * The database is copied with SQLite's online backup (better-sqlite3's `backup()`), which reads a
 * consistent snapshot including what is still in the write-ahead log; a plain copy of the live file
 * does not (it missed rows in issue 29's trial). The blobs are copied after the database: a blob is
 * removed only by the sweeper, a day after nothing names it, so every blob the snapshot's rows name
 * is still there while they are copied (newer blobs are copied too; not in the copy's
 * `written_blobs`, they are left by the sweeper, decision 057). The restore refuses a DATA_DIR that
 * already has a database, checks the copy's integrity, and counts every row and every blob the rows
 * name. PostgreSQL and an object store have their own tools
 * (docs/deployment.md, «Copias de seguridad y restauración»).
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";

const DB_FILE = "portal.sqlite";

export type BackupReport = {
  /** rows per table in the copy */
  rows: Record<string, number>;
  /** blob files copied */
  blobs: number;
  /** blobs the rows name that the copy does not have (0 when whole) */
  missingBlobs: number;
};

type SqlitePlace = { dataDir: string; blobStore: "disk" | "s3" };

function tables(db: SqliteDatabase.Database): string[] {
  return (
    db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[]
  ).map((t) => t.name);
}

function rowCounts(db: SqliteDatabase.Database): Record<string, number> {
  return Object.fromEntries(tables(db).map((t) => [t, (db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n]));
}

/** Every blob key a row names (each table with a `storage_key` column). */
function namedBlobs(db: SqliteDatabase.Database): string[] {
  const keys: string[] = [];
  for (const table of tables(db)) {
    const columns = db.prepare(`pragma table_info("${table}")`).all() as { name: string }[];
    if (!columns.some((c) => c.name === "storage_key")) continue;
    for (const row of db.prepare(`select storage_key from "${table}" where storage_key is not null`).all() as { storage_key: string }[])
      keys.push(row.storage_key);
  }
  return keys;
}

/** Copies the blob files of `from` into `to` (fan-out folders only; unfinished uploads in `.tmp` are left). */
async function copyBlobs(from: string, to: string): Promise<number> {
  let copied = 0;
  if (!fs.existsSync(from)) return 0;
  for (const folder of await fsp.readdir(from, { withFileTypes: true })) {
    if (!folder.isDirectory() || folder.name.startsWith(".")) continue;
    await fsp.mkdir(path.join(to, folder.name), { recursive: true });
    for (const file of await fsp.readdir(path.join(from, folder.name), { withFileTypes: true })) {
      if (!file.isFile()) continue;
      await fsp.copyFile(path.join(from, folder.name, file.name), path.join(to, folder.name, file.name), fs.constants.COPYFILE_EXCL);
      copied++;
    }
  }
  return copied;
}

const blobPath = (dir: string, key: string) => path.join(dir, key.slice(0, 2), key);

function missingIn(db: SqliteDatabase.Database, blobDir: string): number {
  return namedBlobs(db).filter((key) => !fs.existsSync(blobPath(blobDir, key))).length;
}

/** An online backup of DATA_DIR's database (and its blobs on disk) into `to`, a new or empty folder. */
export async function backupSqlite(place: SqlitePlace, to: string): Promise<BackupReport> {
  const source = path.join(place.dataDir, DB_FILE);
  if (!fs.existsSync(source)) throw new Error(`no database at ${source}`);
  await fsp.mkdir(to, { recursive: true });
  if ((await fsp.readdir(to)).length) throw new Error(`${to} is not empty: a backup goes into a new folder`);
  const live = new SqliteDatabase(source, { fileMustExist: true });
  try {
    live.pragma("busy_timeout = 5000");
    await live.backup(path.join(to, DB_FILE));
  } finally {
    live.close();
  }
  const blobs = place.blobStore === "disk" ? await copyBlobs(path.join(place.dataDir, "blobs"), path.join(to, "blobs")) : 0;
  const copy = new SqliteDatabase(path.join(to, DB_FILE), { readonly: true });
  try {
    const report = { rows: rowCounts(copy), blobs, missingBlobs: place.blobStore === "disk" ? missingIn(copy, path.join(to, "blobs")) : 0 };
    await fsp.writeFile(path.join(to, "manifest.json"), JSON.stringify({ createdAt: new Date().toISOString(), ...report }, null, 2));
    return report;
  } finally {
    copy.close();
  }
}

/** Restores a backup made by `backupSqlite` into DATA_DIR, which must have no database yet. */
export async function restoreSqlite(place: SqlitePlace, from: string): Promise<BackupReport & { matchesManifest: boolean }> {
  const target = path.join(place.dataDir, DB_FILE);
  if (fs.existsSync(target)) throw new Error(`${target} exists: restore into an empty DATA_DIR (stop the API, move the old one away)`);
  const backup = new SqliteDatabase(path.join(from, DB_FILE), { readonly: true, fileMustExist: true });
  try {
    const integrity = backup.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new Error(`the backup's database is damaged: ${String(integrity)}`);
  } finally {
    backup.close();
  }
  await fsp.mkdir(place.dataDir, { recursive: true });
  await fsp.copyFile(path.join(from, DB_FILE), target, fs.constants.COPYFILE_EXCL);
  const blobs = place.blobStore === "disk" ? await copyBlobs(path.join(from, "blobs"), path.join(place.dataDir, "blobs")) : 0;
  const restored = new SqliteDatabase(target, { readonly: true });
  try {
    const rows = rowCounts(restored);
    const manifest = JSON.parse(await fsp.readFile(path.join(from, "manifest.json"), "utf8").catch(() => "{}")) as {
      rows?: Record<string, number>;
    };
    return {
      rows,
      blobs,
      missingBlobs: place.blobStore === "disk" ? missingIn(restored, path.join(place.dataDir, "blobs")) : 0,
      matchesManifest: JSON.stringify(manifest.rows ?? null) === JSON.stringify(rows),
    };
  } finally {
    restored.close();
  }
}
