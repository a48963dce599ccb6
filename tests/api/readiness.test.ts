/**
 * Readiness means "can serve" (decision 018): `/health/ready` answers 200 only when the process is
 * not draining, the database answers and has every migration of this release (the blob store
 * away only degrades it: issue 38). And on SIGTERM the real entry point first reports not ready while it still serves, then
 * drains and exits 0.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { createDatabase } from "../../server/db/index.js";
import { migrateToLatest } from "../../server/db/migrate.js";
import type { HealthState } from "../../server/http/health/routes.js";
import type { BlobStore } from "../../server/storage/index.js";
import { useStack } from "./fixtures.js";
import { freePort, type TestStack } from "./harness.js";
import { until } from "../until.js";

const root = path.resolve(__dirname, "../..");

async function ready(app: { inject: TestStack["app"]["inject"] }) {
  const response = await app.inject({ method: "GET", url: "/health/ready" });
  return { status: response.statusCode, body: response.json() as { status: string; failed?: string } };
}

describe("/health/ready", () => {
  const stack = useStack();

  it("answers 200 on a migrated database with a working blob store", async () => {
    expect(await ready(stack.app)).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("answers 503 while draining, and liveness stays 200", async () => {
    const health: HealthState = { draining: true };
    const app = await buildApp({ config: stack.config, db: stack.db, logger: false, store: stack.store, mailWorker: false, health });
    try {
      expect(await ready(app)).toEqual({ status: 503, body: { status: "unavailable", failed: "draining" } });
      expect((await app.inject({ method: "GET", url: "/health/live" })).statusCode).toBe(200);
      health.draining = false;
      expect((await ready(app)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("stays ready when the blob store does not answer, saying it is degraded (issue 38: file features alone fail)", async () => {
    const broken: BlobStore = { ...stack.store, ready: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:9000")) };
    const app = await buildApp({ config: stack.config, db: stack.db, logger: false, store: broken, mailWorker: false });
    try {
      expect(await ready(app)).toEqual({ status: 200, body: { status: "ok", degraded: ["store"] } });
    } finally {
      await app.close();
    }
  });

  it("answers 503 on an empty database (no migration applied) and on one a migration behind", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "av-ready-"));
    const { db } = await createDatabase({ sqliteFile: path.join(dataDir, "empty.sqlite") });
    const app = await buildApp({ config: { ...stack.config, dataDir }, db, logger: false, store: stack.store, mailWorker: false });
    try {
      expect(await ready(app)).toEqual({ status: 503, body: { status: "unavailable", failed: "migrations" } });
      await migrateToLatest(db);
      expect((await ready(app)).status).toBe(200);
      // The newest migration forgotten: this release's schema is not there.
      await db
        .deleteFrom("kysely_migration" as never)
        .where("name" as never, "=", (await lastMigration()) as never)
        .execute();
      expect(await ready(app)).toEqual({ status: 503, body: { status: "unavailable", failed: "migrations" } });
    } finally {
      await app.close();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("answers 503 when the database does not answer", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "av-ready-"));
    const { db } = await createDatabase({ sqliteFile: path.join(dataDir, "gone.sqlite") });
    await migrateToLatest(db);
    const app = await buildApp({ config: { ...stack.config, dataDir }, db, logger: false, store: stack.store, mailWorker: false });
    try {
      await db.destroy();
      expect(await ready(app)).toEqual({ status: 503, body: { status: "unavailable", failed: "database" } });
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

async function lastMigration(): Promise<string> {
  const { migrations } = await import("../../server/db/migrations/index.js");
  return Object.keys(migrations).sort().at(-1)!;
}

describe("SIGTERM: not ready first, then the drain (server/main.ts)", () => {
  let child: ChildProcess | undefined;
  let dataDir = "";
  afterAll(() => {
    if (child?.exitCode === null) child.kill("SIGKILL");
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The real entry point's start and its 8 s hold: more than the default 20 s on a loaded machine.
  it("answers ready 503 and still serves for SHUTDOWN_NOT_READY_MS, then exits 0", { timeout: 90_000 }, async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "av-ready-main-"));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const proc = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATA_DIR: dataDir,
        API_PORT: String(port),
        OIDC_DEV_PROVIDER: "0",
        SEED: "0",
        REMINDERS_INTERVAL_MS: "0",
        SHUTDOWN_NOT_READY_MS: "8000",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child = proc;
    const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
    const status = async (url: string) => (await fetch(`${base}${url}`).catch(() => null))?.status ?? 0;
    await until(async () => (await status("/health/ready")) === 200 || proc.exitCode !== null, "the API to be ready", {
      timeoutMs: 90_000,
    });
    expect(proc.exitCode).toBeNull();

    proc.kill("SIGTERM");
    await until(async () => (await status("/health/ready")) === 503 || proc.exitCode !== null, "ready to answer 503", {
      timeoutMs: 90_000,
    });
    // Not ready, yet still up and answering: the balancer moves its traffic away before anything is refused.
    const [live, page] = await Promise.all([status("/health/live"), status("/api/v4/instances/config")]);
    expect(proc.exitCode).toBeNull();
    expect(live).toBe(200);
    expect(page).toBe(303); // the contract's answer without a token: a real answer, not a refused connection
    expect(await exited).toBe(0);
  });
});
