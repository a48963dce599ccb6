import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { collector, COLLECT_EVERY_BYTES, countedStream, streamedBytesCounter } from "../../common/streamed-bytes";

describe("uploads' bytes counted as they stream (decision 047)", () => {
  it("collects once so many bytes have gone through since the last time, whatever the chunks' sizes", () => {
    let collections = 0;
    const count = streamedBytesCounter(() => collections++, 1000);
    for (let i = 0; i < 9; i++) count(100);
    expect(collections).toBe(0);
    count(100);
    expect(collections).toBe(1);
    count(2500);
    expect(collections).toBe(2);
    count(999);
    expect(collections).toBe(2);
    count(1);
    expect(collections).toBe(3);
  });

  it("reaches V8's collector without handing it to the process's global", () => {
    const before = (globalThis as { gc?: unknown }).gc;
    const collect = collector();
    expect(typeof collect).toBe("function");
    collect({ type: "minor" });
    expect((globalThis as { gc?: unknown }).gc).toBe(before);
  });

  it("passes a stream's bytes on as they were, in order", async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(COLLECT_EVERY_BYTES / 16, i));
    const source = Readable.from(chunks);
    const received: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        received.push(chunk);
        setImmediate(done);
      },
    });
    await pipeline(source, countedStream(), sink);
    expect(Buffer.concat(received).equals(Buffer.concat(chunks))).toBe(true);
  });
});
