/**
 * `npx tsx scripts/bench/primitives.ts`: the CPU of one call of each security primitive a page pays
 * for (decision 099): opening the session cookie (ours with node:crypto, and jose's `compactDecrypt`),
 * remix-utils' CSRF token (made, read back from its cookie, checked on a post) and a CSP nonce. Each
 * is called `--calls` times in a row, awaited one by one, after a warm-up; the process's CPU time
 * (user + system, every thread: WebCrypto's jobs run on libuv's pool) is read around the calls.
 * Every primitive is measured `--rounds` times in turn and the median round is printed, in µs per
 * call, beside the quickest round. Relate a figure to a page's portal CPU ("Where a heavy page's time
 * goes" in docs/performance.md): a page costs a few ms, so 5 % of a page is 50–150 µs. A busy
 * machine inflates every figure; the quickest round is the least disturbed.
 */
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";
import { createCookie } from "@remix-run/node";
import { compactDecrypt, type CompactJWEHeaderParameters } from "jose";
import { CSRF } from "remix-utils/csrf/server";
import { deriveSessionKey, openSessionData, sealSessionData } from "../../app/lib/session-cookie.server.js";

const { values: args } = parseArgs({
  options: { calls: { type: "string", default: "10000" }, rounds: { type: "string", default: "7" } },
});
const calls = Number(args.calls);
const rounds = Number(args.rounds);

const secret = randomBytes(32).toString("hex");
const base64url = (bytes: number) => randomBytes(bytes).toString("base64url");

// A session as the portal keeps one after sign-in (app/lib/session.server.ts's SessionData).
const session = {
  sid: randomUUID(),
  cuil: "20123456783",
  accessToken: base64url(32),
  idToken: `eyJhbGciOiJFUzI1NiIsImtpZCI6ImlkcC1rZXkifQ.${base64url(300)}.${base64url(64)}`,
  createdAt: Date.now(),
  lastSeen: Date.now(),
  confirmedAt: Date.now(),
  user: { cn: "María Fernanda Gómez", cuil: "20123456783", email: "maria.gomez@example.com", telephone: "+54 11 5555-0101" },
  adhered: true,
};
const keys = [deriveSessionKey(secret), deriveSessionKey(randomBytes(32).toString("hex"))];
const sealed = await sealSessionData(session, keys[0]!);
const joseOptions = { keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256GCM"] };
const decoder = new TextDecoder();
async function joseOpen(token: string) {
  const { plaintext } = await compactDecrypt(
    token,
    (header: CompactJWEHeaderParameters) => {
      const key = keys.find((k) => k.kid === header.kid);
      if (!key) throw new Error("unknown key");
      return key.key;
    },
    joseOptions,
  );
  return JSON.parse(decoder.decode(plaintext)) as unknown;
}

// The CSRF token as app/lib/csrf.server.ts makes and checks it.
const csrfCookie = createCookie("av_csrf", { path: "/", httpOnly: true, sameSite: "lax", secrets: [secret] });
const csrf = new CSRF({ cookie: csrfCookie, formDataKey: "csrf", secret });
const [token, setCookie] = await csrf.commitToken(new Request("http://portal.test/"));
const cookieHeader = `av_session=${sealed}; ${setCookie!.split(";")[0]}`;
const form = new FormData();
form.set("csrf", token);
const postHeaders = new Headers({ Cookie: cookieHeader });

for (const [name, opened] of [
  ["ours", openSessionData(sealed, keys)],
  ["jose", await joseOpen(sealed)],
] as const) {
  if (JSON.stringify(opened) !== JSON.stringify(session)) throw new Error(`${name} did not open the session`);
}
await csrf.validate(form, postHeaders);

const primitives: Record<string, () => unknown> = {
  "session cookie: ours (node:crypto)": () => openSessionData(sealed, keys),
  "session cookie: jose compactDecrypt": () => joseOpen(sealed),
  "csrf: remix-utils generate": () => csrf.generate(),
  "csrf: commitToken, no cookie yet": () => csrf.commitToken(new Request("http://portal.test/")),
  "csrf: commitToken, cookie sent": () => csrf.commitToken(new Request("http://portal.test/", { headers: { Cookie: cookieHeader } })),
  "(a Request alone, for the two above)": () => new Request("http://portal.test/", { headers: { Cookie: cookieHeader } }),
  "csrf: validate a post": () => csrf.validate(form, postHeaders),
  "nonce: randomBytes(16), base64": () => randomBytes(16).toString("base64"),
};

const perCall = new Map<string, number[]>();
for (let round = 0; round < rounds; round++) {
  for (const [name, call] of Object.entries(primitives)) {
    for (let i = 0; i < Math.min(500, calls); i++) await call();
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i++) await call();
    const used = process.cpuUsage(before);
    perCall.set(name, [...(perCall.get(name) ?? []), (used.user + used.system) / calls]);
  }
}

console.log(`CPU µs per call, ${calls} calls, median of ${rounds} rounds (quickest round); load average ${os.loadavg()[0]!.toFixed(1)}`);
for (const [name, figures] of perCall) {
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(`${name.padEnd(40)} ${sorted[sorted.length >> 1]!.toFixed(1).padStart(7)} (${sorted[0]!.toFixed(1)})`);
}
