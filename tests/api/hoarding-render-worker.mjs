// A render thread that answers text jobs at once and, on an image job, allocates until its heap cap
// stops it: the pool's handling of a page that exhausts its thread (tests/api/renditions.test.ts).
import { parentPort } from "node:worker_threads";

parentPort.on("message", (job) => {
  if (job.kind === "text") {
    parentPort.postMessage({ id: job.id, ok: true, text: [] });
    return;
  }
  const hoard = [];
  for (;;) hoard.push(new Array(10_000).fill(job.page));
});
parentPort.postMessage({ ready: true });
