/**
 * `npx tsx scripts/bench/readers.ts`: what reading the backend's answers costs the portal (issue 39).
 * Starts the stack on the bench's seeded data (`npm run bench` first: bench/data/<db>) with the
 * portal's API calls going through a recording proxy, opens the heavy pages once as the heavy citizen,
 * and then reads each answer they received, in this process, with the readers' shortcuts and without
 * them (`readFully`), alternated: µs per read (median of 7 runs of 300 reads) and the ratio.
 * Options: --db sqlite|postgres (postgres: DATABASE_URL). Ports: 3520, 4520, 4521 and 4530 (the proxy).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import type { z } from "zod/v4";
import { readAnswer, readFully } from "~/api/read.server";
import { digitalAnswers } from "~/api/digital.server";
import { trayAnswers } from "~/api/procedures.server";
import { recordsAnswers } from "~/api/records.server";
import { threadAnswers } from "~/api/thread.server";
import { startStack } from "../stack.js";
import { portalSession } from "./auth.js";
import { HEAVY, HEAVY_PASSWORD, type SeedResult } from "./seed.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const { values: args } = parseArgs({ options: { db: { type: "string", default: "sqlite" } } });
const dataDir = path.join(root, "bench", "data", args.db!);
const seeded = JSON.parse(fs.readFileSync(path.join(dataDir, "seeded.json"), "utf8")) as SeedResult;

/** The reader of each call, by the call's path with its ids taken out. */
const READERS: [RegExp, string, z.ZodType][] = [
  [/^\/api\/dd\/v1\/communications\/inbox\/[^/]+$/, "inbox", digitalAnswers.inbox],
  [/^\/api\/dd\/v1\/communications\/linked\/[^/]+$/, "linked communications", threadAnswers.linked],
  [/^\/api\/v4\/instances\/count\/[^/]+$/, "tab count", trayAnswers.count],
  [/^\/api\/v4\/instances\/counts$/, "tab counts", trayAnswers.counts],
  [/^\/api\/v4\/filemanager\/[^/]+$/, "record header", recordsAnswers.header],
  [/^\/api\/v4\/filemanager\/[^/]+\/incorporated$/, "incorporated", recordsAnswers.incorporated],
  [/^\/api\/v4\/filemanager\/[^/]+\/sent$/, "sent", recordsAnswers.sent],
  [/^\/api\/v4\/filemanager\/[^/]+\/pending$/, "pending", recordsAnswers.pending],
];
const answers = new Map<string, { reader: z.ZodType; body: unknown }>();

const apiPort = 4520;
const proxy = http
  .createServer((req, res) => {
    const up = http.request({ host: "127.0.0.1", port: apiPort, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        const url = new URL(req.url!, "http://api");
        const module = url.searchParams.get("module");
        const known = READERS.find(([pattern]) => pattern.test(url.pathname));
        // The instance lists share one path: the module says which reader reads it.
        const reader = known
          ? { name: known[1], schema: known[2] }
          : /^\/api\/v4\/instances\/[^/]+$/.test(url.pathname) && module
            ? { name: `${module} list`, schema: module === "records" ? recordsAnswers.records : trayAnswers.instances }
            : null;
        if (answer.statusCode !== 200) return;
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
        if (reader) answers.set(reader.name, { reader: reader.schema, body });
        // A record's three lists in one answer (record-documents): each read as its spec call's answer.
        if (/^\/api\/v4\/filemanager\/[^/]+\/documents$/.test(url.pathname))
          for (const list of ["incorporated", "sent", "pending"] as const)
            answers.set(list, { reader: recordsAnswers[list], body: body[list] });
      });
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    req.pipe(up);
  })
  .listen(4530);

const stack = await startStack({
  dataDir,
  portalPort: 3520,
  apiPort,
  oidcPort: 4521,
  quiet: true,
  compiled: true,
  env: { LOG_LEVEL: "warn", DATABASE_URL: args.db === "postgres" ? process.env.DATABASE_URL! : "" },
  portalEnv: { API_BASE_URL: "http://127.0.0.1:4530" },
});
try {
  const cookie = await portalSession(stack.portalUrl, HEAVY.cuil, HEAVY_PASSWORD);
  for (const page of ["/digital", "/procedures", "/records", `/records/manager?file=${seeded.heavy.managerRecordId}`])
    await (await fetch(stack.portalUrl + page, { headers: { cookie } })).arrayBuffer();
} finally {
  await stack.stop();
  proxy.close();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const timed = (work: () => void, reads: number) => {
  const start = performance.now();
  for (let i = 0; i < reads; i++) work();
  return ((performance.now() - start) / reads) * 1000;
};
console.log("answer                  µs per read: shortcuts / full readers   ratio");
for (const [name, { reader, body }] of answers) {
  const fast = () => readAnswer(reader, body);
  const full = () => readFully(() => readAnswer(reader, body));
  timed(fast, 300);
  timed(full, 300);
  const [a, b]: number[][] = [[], []];
  for (let run = 0; run < 7; run++) {
    a.push(timed(fast, 300));
    b.push(timed(full, 300));
  }
  console.log(
    `${name.padEnd(24)}${median(a).toFixed(1).padStart(8)} / ${median(b).toFixed(1).padEnd(22)}${(median(a) / median(b)).toFixed(2)}`,
  );
}
process.exit(0);
