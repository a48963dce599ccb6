/**
 * Uploads in memory (decision 047), for the portal and the API alike: every chunk a socket reads is a
 * buffer of its own, dead once written on, and V8 frees such buffers only when it collects. A process
 * that does nothing else (a fresh one, or a quiet hour) runs no collection while 50 MB stream
 * through, so the whole body stays in its memory until the upload ends. Counting the bytes as they
 * stream, each process runs a young-generation collection every `COLLECT_EVERY_BYTES` of them
 * (well under a millisecond on these heaps): the chunks already written on go, and what an upload
 * holds at once is the chunks of its last few megabytes. Server code only.
 */
import { Transform } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";

export const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;

type Collect = (options: { type: "minor" }) => void;

/**
 * V8's `gc`, without exposing it to the process's own global: the flag is set, then read from a
 * fresh context (the flag only installs `gc` in contexts made after it; Jest's leak detector does
 * the same). A process started with `--expose-gc` already has it.
 */
export function collector(): Collect {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (typeof exposed === "function") return exposed;
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as Collect;
}

/** A counter of streamed bytes that calls `collect` every `every` of them (the process has one, below). */
export function streamedBytesCounter(collect: () => void, every = COLLECT_EVERY_BYTES) {
  let streamed = 0;
  return (bytes: number) => {
    streamed += bytes;
    if (streamed < every) return;
    streamed = 0;
    collect();
  };
}

let young: Collect | undefined;
/** This process's counter: every `COLLECT_EVERY_BYTES` of uploads, a young-generation collection. */
export const countStreamedBytes = streamedBytesCounter(() => (young ??= collector())({ type: "minor" }));

/** A stream that passes every chunk on untouched, counting it (for a pipeline). */
export function countedStream(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      countStreamedBytes(chunk.length);
      done(null, chunk);
    },
  });
}
