/**
 * A clean restart (decision 018): the real API entry point (server/main.ts) in a child process,
 * stopped with SIGTERM while uploads are streaming and the outbox is sending to a slow SMTP
 * server. The uploads in flight complete, the process exits 0 leaving no partial file and no
 * claimed mail, and after it starts again every mail has arrived exactly once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { makePng } from "../../server/domain/files/samples.js";
import { enqueueMail } from "../../server/mail/outbox.js";
import { freePort, startStack, TEST_AUDIENCE, testSigner, type TestStack } from "./harness.js";
import { startSmtpPeer, type SmtpPeer } from "./smtp-peer.js";
import { until } from "../until.js";

const root = path.resolve(__dirname, "../..");
const citizen = demoCitizens[0]!.cuil;
const MAILS = 120;
const UPLOADS = 4;

let stack: TestStack;
let smtp: SmtpPeer;
let jwks: http.Server;
let issuer: string;
let signer: Awaited<ReturnType<typeof testSigner>>;
let child: ChildProcess | undefined;

/** Waits as long as the child's start and its mail may take on a loaded machine. */
const LONG = { timeoutMs: 90_000 };

/** server/main.ts over the stack's database and DATA_DIR; resolves once it answers. */
async function startApi(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: stack.config.dataDir,
    API_HOST: "127.0.0.1",
    API_PORT: String(port),
    API_AUDIENCE: TEST_AUDIENCE,
    OIDC_ISSUER: issuer,
    OIDC_DEV_PROVIDER: "0",
    PORTAL_URL: stack.config.PORTAL_URL,
    REMINDERS_INTERVAL_MS: "0",
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "50",
    MAIL_RETRY_BASE_MS: "100",
    MAIL_RETRY_MAX_MS: "400",
    ...(stack.config.DATABASE_URL ? { DATABASE_URL: stack.config.DATABASE_URL, DATABASE_SCHEMA: stack.config.DATABASE_SCHEMA! } : {}),
  };
  const proc: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await until(
    async () => (await fetch(`http://127.0.0.1:${port}/health/live`).catch(() => null))?.ok === true || proc.exitCode !== null,
    "the API to start",
    LONG,
  );
  expect(proc.exitCode).toBeNull();
  return proc;
}

/** A multipart upload whose body is written in two halves; the second waits for `rest`. */
function slowUpload(port: number, bearer: string, rest: Promise<void>) {
  const boundary = `----restart${randomUUID()}`;
  const png = makePng(400, 300);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(png.length / 2);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/fs/raw/bucket",
        headers: {
          authorization: `Bearer ${bearer}`,
          "user-id": citizen,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(head.length + png.length + tail.length),
        },
      },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write(Buffer.concat([head, png.subarray(0, half)]));
    void rest.then(() => req.end(Buffer.concat([png.subarray(half), tail])));
  });
}

function blobFiles(): string[] {
  const dir = path.join(stack.config.dataDir, "blobs");
  return fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile())
    : [];
}

beforeAll(async () => {
  smtp = await startSmtpPeer({ delayMs: 15 });
  stack = await startStack();
  signer = await testSigner("restart-key");
  jwks = http.createServer((_req, res) => res.setHeader("content-type", "application/json").end(JSON.stringify({ keys: [signer.jwk] })));
  await new Promise<void>((r) => jwks.listen(0, "127.0.0.1", () => r()));
  issuer = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await stack?.close();
  await smtp?.stop();
  jwks?.close();
});

describe("restart under load", () => {
  it("SIGTERM mid-uploads and mid-mail: uploads complete, nothing partial, every mail arrives exactly once after the restart", async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAILS; i++)
      ids.push(await enqueueMail(stack.db, { kind: "updated", to: `reinicio${i}@example.com`, subject: "Reinicio", text: "Texto" }));
    const ours = () => smtp.received.filter((m) => m.to[0]?.startsWith("reinicio"));
    const before = new Set(blobFiles());

    const port = await freePort();
    child = await startApi(port);
    const bearer = await signer.sign(issuer, citizen);
    let finishUploads!: () => void;
    const rest = new Promise<void>((r) => (finishUploads = r));
    const uploads = Array.from({ length: UPLOADS }, () => slowUpload(port, bearer, rest));
    const tmp = path.join(stack.config.dataDir, "blobs", ".tmp");
    // Every upload is streaming into its temporary file, and the outbox is sending.
    await until(
      () => fs.existsSync(tmp) && fs.readdirSync(tmp).filter((f) => f.endsWith(".part")).length === UPLOADS,
      "uploads in flight",
      LONG,
    );
    await until(() => ours().length >= 10, "mail being sent", LONG);

    const exited = new Promise<number | null>((r) => child!.once("exit", (code) => r(code)));
    const stoppedAt = Date.now();
    child.kill("SIGTERM");
    // The drain has begun (no longer ready) while the uploads are still in flight; only then do they finish.
    await until(async () => (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => null))?.status !== 200, "the drain to begin");
    finishUploads();
    const answers = await Promise.all(uploads);
    expect(await exited).toBe(0);
    const drainMs = Date.now() - stoppedAt;
    const sentBefore = ours().length;

    // The uploads in flight completed and are whole; nothing half-written is left.
    expect(answers.map((a) => a.status)).toEqual(Array(UPLOADS).fill(200));
    const fileIds = answers.map((a) => JSON.parse(a.body).result as string);
    const rows = await stack.db.selectFrom("files").select(["id", "storage_key", "size"]).where("id", "in", fileIds).execute();
    expect(rows).toHaveLength(UPLOADS);
    // bigint: a string from PostgreSQL, a number from SQLite.
    expect(rows.map((r) => Number(r.size))).toEqual(Array(UPLOADS).fill(makePng(400, 300).length));
    expect(fs.readdirSync(tmp).filter((f) => f.endsWith(".part"))).toEqual([]);
    const added = blobFiles().filter((f) => !before.has(f) && !f.startsWith(".tmp"));
    expect(added.map((f) => path.basename(f)).sort()).toEqual(rows.map((r) => r.storage_key).sort());

    // No mail is left claimed by the stopped process.
    const left = await stack.db.selectFrom("mail_outbox").select(["status", "claim_token"]).where("id", "in", ids).execute();
    expect(left.filter((r) => r.status === "sending" || r.claim_token !== null)).toEqual([]);

    const restartedAt = Date.now();
    child = await startApi(port);
    await until(
      async () =>
        (await stack.db.selectFrom("mail_outbox").select("status").where("id", "in", ids).where("status", "<>", "sent").execute())
          .length === 0,
      "every mail sent",
      LONG,
    );
    const allMs = Date.now() - restartedAt;
    const counts = smtp.counts();
    for (const id of ids) expect(counts.get(`<${id}@atencionvirtual.gob.ar>`)).toBe(1);
    expect(ours()).toHaveLength(MAILS);
    console.info(
      `[figures] restart: SIGTERM to exit ${drainMs} ms with ${UPLOADS} uploads in flight (all 200, whole); ${sentBefore}/${MAILS} mails sent before the stop, the rest ${allMs} ms after the restart; 0 duplicates`,
    );

    const stopped = new Promise<number | null>((r) => child!.once("exit", (code) => r(code)));
    child.kill("SIGTERM");
    expect(await stopped).toBe(0);
  }, 180_000);
});
