/**
 * A small pool of worker threads that draw PDF pages and read their text
 * (`render-worker.mjs`). It bounds the work a citizen can cause:
 * - at most `concurrency` pages at a time (1 or 2 on a 2-core machine), the rest wait in a
 *   bounded queue (past it: 503, try again later);
 * - a page that takes longer than `timeoutMs` is stopped by terminating its thread;
 * - each thread's JavaScript heap is capped (`resourceLimits`), and the worker caps pixels.
 * Threads start on first use and are kept for the next page (loading pdf.js costs ~100 ms).
 */
import { Worker } from "node:worker_threads";
import { ApiError } from "../../errors.js";

export type RenderJob = (
  { kind: "image"; bytes: Uint8Array; page: number; width: number; maxPixels: number } | { kind: "text"; bytes: Uint8Array; page: number }
) & {
  /** hand the bytes' buffer over to the thread instead of copying it (the caller no longer uses it) */
  transfer?: boolean;
};

export type RenderResult =
  | { ok: true; image?: Uint8Array; width?: number; height?: number; text?: string[][] }
  | { ok: false; code: "BAD_PDF" | "NO_PAGE" | "TOO_LARGE" | "TIMEOUT" };

const WORKER_URL = new URL("./render-worker.mjs", import.meta.url);
const MAX_QUEUE = 16;

export const busy = () =>
  new ApiError(503, "SERVICE_UNAVAILABLE", "Hay muchas páginas en preparación. Intente nuevamente en unos segundos.");

type Slot = { worker: Worker | null; ready: Promise<void> | null };
type Waiting = { run: (slot: Slot) => void };

/** Threads stopped by their heap cap: Node says so in an 'error' event just before their 'exit'. */
const outOfMemory = new WeakSet<Worker>();

export type RenderPool = {
  run(job: RenderJob): Promise<RenderResult>;
  close(): Promise<void>;
  stats(): { running: number; queued: number };
};

export function createRenderPool(options: {
  concurrency: number;
  timeoutMs: number;
  heapMb?: number;
  /** the threads' module: `render-worker.mjs` but in a test that needs a thread to misbehave */
  workerUrl?: URL;
}): RenderPool {
  const free: Slot[] = Array.from({ length: options.concurrency }, () => ({ worker: null, ready: null }));
  const queue: Waiting[] = [];
  let running = 0;
  let nextId = 1;
  let closed = false;

  function start(slot: Slot): Promise<void> {
    const worker = new Worker(options.workerUrl ?? WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 384, maxYoungGenerationSizeMb: 48 },
    });
    worker.unref();
    // A thread that reaches its heap cap (a hostile page) or crashes emits 'error', then 'exit'; the
    // exit fails its page and frees its slot (below). Without a listener of its own the error would
    // be thrown in this process: one PDF would stop the API.
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") outOfMemory.add(worker);
    });
    slot.worker = worker;
    slot.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean }) => {
        if (m?.ready) {
          worker.off("error", onError);
          resolve();
        }
      };
      const onError = (error: Error) => reject(error);
      worker.once("message", onMessage);
      worker.once("error", onError);
    });
    // A thread that dies (heap cap, crash) is replaced on the next job.
    worker.once("exit", () => {
      if (slot.worker === worker) {
        slot.worker = null;
        slot.ready = null;
      }
    });
    return slot.ready;
  }

  async function runOn(slot: Slot, job: RenderJob): Promise<RenderResult> {
    if (!slot.worker || !slot.ready) await start(slot);
    else await slot.ready;
    const worker = slot.worker!;
    const id = nextId++;
    return new Promise<RenderResult>((resolve) => {
      const finish = (result: RenderResult) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        resolve(result);
      };
      const onMessage = (m: RenderResult & { id?: number }) => {
        if (m?.id !== id) return;
        const { id: _id, ...rest } = m;
        finish(rest as RenderResult);
      };
      const onExit = () => finish({ ok: false, code: outOfMemory.has(worker) ? "TOO_LARGE" : "BAD_PDF" });
      const timer = setTimeout(() => {
        slot.worker = null;
        slot.ready = null;
        void worker.terminate();
        finish({ ok: false, code: "TIMEOUT" });
      }, options.timeoutMs);
      worker.on("message", onMessage);
      worker.once("exit", onExit);
      // The bytes are moved into the thread when the caller allows it, copied otherwise.
      const { transfer, ...message } = job;
      const movable = transfer && job.bytes.byteOffset === 0 && job.bytes.byteLength === job.bytes.buffer.byteLength;
      worker.postMessage({ id, width: 0, maxPixels: 0, ...message }, movable ? [job.bytes.buffer as ArrayBuffer] : []);
    });
  }

  function release(slot: Slot) {
    running--;
    const next = queue.shift();
    if (next) {
      running++;
      next.run(slot);
    } else free.push(slot);
  }

  return {
    run(job) {
      if (closed) return Promise.reject(busy());
      return new Promise<RenderResult>((resolve, reject) => {
        const go = (slot: Slot) => {
          runOn(slot, job)
            .then(resolve, () => resolve({ ok: false, code: "BAD_PDF" }))
            .finally(() => release(slot));
        };
        const slot = free.pop();
        if (slot) {
          running++;
          go(slot);
        } else if (queue.length >= MAX_QUEUE) reject(busy());
        else queue.push({ run: go });
      });
    },
    async close() {
      closed = true;
      const all = [...free];
      free.length = 0;
      await Promise.all(all.map((s) => s.worker?.terminate()));
      // Busy slots come back through release() and are terminated with the process otherwise (unref).
    },
    stats: () => ({ running, queued: queue.length }),
  };
}
