/**
 * A 50 MB upload through the portal's upload path (POST /resources/records/upload, the
 * 'Agregar Documentos' modal's route: streamed to disk by the portal, forwarded to the API's
 * POST /api/fs/raw/bucket, stored and recorded by the API). Measures the wall time and the peak
 * extra resident memory of the API and portal processes, sampling /proc/<pid>/status (VmRSS)
 * every 20 ms; VmHWM before and after is kept as a cross-check.
 */
import { createWriteStream, openAsBlob, readFileSync, statSync } from "node:fs";
import { once } from "node:events";
import { onePagePdfBody } from "../../server/seed/digital.js";
import { CookieJar } from "./auth.js";

export const UPLOAD_BYTES = 50_000_000;

/** A valid one-page PDF of exactly `bytes` bytes: the page plus an unreferenced filler stream of incompressible bytes. */
export async function writeBigPdf(file: string, bytes = UPLOAD_BYTES): Promise<void> {
  const { body: text, offsets } = onePagePdfBody("Documento de prueba de 50 MB");
  // Object 6: the filler stream; its length is chosen so the whole file has `bytes` bytes.
  const fillerOffset = text.length;
  const xrefFor = (xrefAt: number) =>
    `xref\n0 7\n0000000000 65535 f \n${[...offsets, fillerOffset].map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}` +
    `trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const open = (n: number) => `6 0 obj\n<< /Length ${String(n).padStart(10, "0")} >>\nstream\n`;
  const close = "\nendstream\nendobj\n";
  const prefix = text.length + open(0).length;
  let fillerLength = bytes - prefix - close.length - xrefFor(bytes).length;
  // startxref has as many digits as the file size, give or take one: adjust once.
  fillerLength -= xrefFor(prefix + fillerLength + close.length).length - xrefFor(bytes).length;
  const out = createWriteStream(file);
  out.write(text + open(fillerLength));
  const chunk = Buffer.alloc(1 << 20);
  let x = 0x12345678;
  for (let i = 0; i < chunk.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    // stay clear of bytes that could read as "endstream"
    chunk[i] = 0x80 | (x & 0x7f);
  }
  for (let left = fillerLength; left > 0; left -= chunk.length) {
    if (!out.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await once(out, "drain");
  }
  out.end(close + xrefFor(prefix + fillerLength + close.length));
  await once(out, "finish");
}

function status(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? NaN) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
}

export type UploadResult = {
  bytes: number;
  status: number;
  seconds: number;
  fileId: string | null;
  processes: Record<string, { baselineMb: number; peakMb: number; peakExtraMb: number; hwmDeltaMb: number }>;
};

/** The CSRF token of a signed-in page (hidden `csrf` field) plus the cookies the root loader sets with it. */
async function csrfFor(portalUrl: string, page: string, cookie: string) {
  const jar = new CookieJar();
  const response = await fetch(`${portalUrl}${page}`, { headers: { cookie }, redirect: "manual" });
  jar.store(portalUrl, response);
  const html = await response.text();
  const token = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no CSRF token on ${page} (${response.status})`);
  const merged = new Map(cookie.split("; ").map((c) => [c.slice(0, c.indexOf("=")), c.slice(c.indexOf("=") + 1)] as [string, string]));
  for (const c of jar.header(portalUrl).split("; ").filter(Boolean)) merged.set(c.slice(0, c.indexOf("=")), c.slice(c.indexOf("=") + 1));
  return { token, cookie: [...merged].map(([k, v]) => `${k}=${v}`).join("; ") };
}

export async function measureUpload(options: {
  portalUrl: string;
  cookie: string;
  page: string;
  file: string;
  pids: Record<string, number>;
}): Promise<UploadResult> {
  const { token, cookie } = await csrfFor(options.portalUrl, options.page, options.cookie);
  const before = Object.fromEntries(Object.entries(options.pids).map(([name, pid]) => [name, status(pid)]));
  const peak = Object.fromEntries(Object.entries(before).map(([name, s]) => [name, s.rss]));
  const timer = setInterval(() => {
    for (const [name, pid] of Object.entries(options.pids)) {
      try {
        peak[name] = Math.max(peak[name], status(pid).rss);
      } catch {
        /* process gone */
      }
    }
  }, 20);
  const form = new FormData();
  form.set("csrf", token);
  form.set("file", await openAsBlob(options.file, { type: "application/pdf" }), "documento-50mb.pdf");
  const started = performance.now();
  let answer: Response;
  try {
    answer = await fetch(`${options.portalUrl}/resources/records/upload`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: options.portalUrl, "sec-fetch-site": "same-origin" },
      redirect: "manual",
    });
  } finally {
    clearInterval(timer);
  }
  const body = (await answer.json().catch(() => ({}))) as { fileId?: string; error?: string };
  const seconds = (performance.now() - started) / 1000;
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  const processes: UploadResult["processes"] = {};
  for (const [name, pid] of Object.entries(options.pids)) {
    const after = status(pid);
    peak[name] = Math.max(peak[name], after.rss);
    processes[name] = {
      baselineMb: mb(before[name].rss),
      peakMb: mb(peak[name]),
      peakExtraMb: mb(peak[name] - before[name].rss),
      hwmDeltaMb: mb(after.hwm - before[name].hwm),
    };
  }
  if (answer.status !== 200 || !body.fileId) throw new Error(`upload answered ${answer.status}: ${JSON.stringify(body)}`);
  return { bytes: statSync(options.file).size, status: answer.status, seconds, fileId: body.fileId ?? null, processes };
}
