/**
 * Multipart form posts, read by @fastify/busboy (the parser Fastify uses): files are streamed to
 * a temporary directory under random names (never held in memory, never named by the citizen),
 * with a size limit per file and a count limit per request, each with its own error. File names
 * come back as the citizen gave them: any character (quotes, `;`, `=`, non-ASCII), decoded as
 * UTF-8, with the `%22` a browser writes for `"` turned back into the quote.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import Busboy from "@fastify/busboy";
import { countedStream } from "@common/streamed-bytes";
import { env } from "~/env.server";
import { errors as E } from "~/lib/messages/errors";

/** An upload refused while it was read; `message` is the citizen's text (catalogue). */
export class UploadRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 429 | 503,
    message: string,
  ) {
    super(message);
  }
}
/** A file was larger than the limit (the spec's 50 MB text). */
export class UploadTooLarge extends UploadRefused {
  constructor() {
    super(413, E.upload.tooLarge);
  }
}
/** More files in one post than the form takes: a count, with its own text. */
export class TooManyFiles extends UploadRefused {
  constructor(readonly max: number) {
    super(413, E.uploadLimits.tooManyFiles(max));
  }
}
/** Not a multipart body, or a broken one. */
export class MalformedUpload extends UploadRefused {
  constructor(readonly reason: string) {
    super(reason === "not multipart" ? 415 : 400, E.uploadLimits.malformed);
  }
}

/** The process's temporary folder holds its most upload bytes (UPLOAD_TMP_LIMIT_BYTES): try again shortly. */
export class TemporaryDiskFull extends UploadRefused {
  constructor() {
    super(503, E.uploadLimits.busy);
  }
}

/**
 * The bytes the uploads of a process may hold on its temporary disk at once (issue 37): each chunk
 * is taken from it before it is written, and given back when the reader's files are removed.
 */
export function diskBudget(capBytes: number) {
  let held = 0;
  return {
    take: (bytes: number) => (held + bytes > capBytes ? false : ((held += bytes), true)),
    give: (bytes: number) => void (held = Math.max(0, held - bytes)),
    get held() {
      return held;
    },
  };
}
export type DiskBudget = ReturnType<typeof diskBudget>;
let processBudget: DiskBudget | null = null;
/** This process's budget, of UPLOAD_TMP_LIMIT_BYTES. */
export const uploadDiskBudget = () => (processBudget ??= diskBudget(env.UPLOAD_TMP_LIMIT_BYTES));

export type MultipartLimits = {
  maxFileBytes: number;
  maxFiles: number;
  maxFieldBytes?: number;
  maxFields?: number;
  /**
   * A file over `maxFileBytes`: "refuse" (default) fails the whole post with UploadTooLarge; "drop"
   * leaves that file out of the form and names its field in the reader's `tooLarge` (a form of several
   * files that keeps the others, and says which one was too large).
   */
  tooLarge?: "refuse" | "drop";
  /**
   * Asked once, after the caller's `beforeFirstFile` and before any byte of the first file is read
   * (the upload limits, issue 37): a rejection stops the read; what it resolves to runs at `cleanup()`.
   */
  admit?: () => Promise<() => void>;
  /** default: the process's (UPLOAD_TMP_LIMIT_BYTES) */
  disk?: DiskBudget;
};

/**
 * A file written to disk as a standard `File` carrying the name the citizen gave it, read lazily from
 * disk. Remix's `NodeOnDiskFile` only looks like a File: Node 22 and later store it in a FormData as
 * the text "[object File]" (decision 008).
 */
async function diskFile(filePath: string, type: string, name: string): Promise<File> {
  return new File([await openAsBlob(filePath, { type })], name, { type });
}

/** The name as the citizen gave it: browsers escape `"` as %22 in the header. */
const givenName = (raw: string) => raw.replace(/%22/g, '"');

/** What the caller checks while the body streams (readForm: the CSRF token, from the fields before the first file). */
export type ReadHooks = {
  /**
   * Runs once, when the first file part starts and before any of its bytes are read, with the fields
   * read so far; a rejection stops the read (the rest of the body is never read) and is thrown as is.
   */
  beforeFirstFile?: (fieldsSoFar: FormData) => Promise<void>;
};

/**
 * A body reader for `readForm`: files to disk under a fresh temporary directory; always call `cleanup()`.
 * Every stream and promise of the read is handled on every path (issue 28): a body cut off before its
 * closing boundary, a client that goes away, a refused token or a limit all end in one thrown error,
 * after each file written so far has settled — never in a rejection nobody awaits, which ends the process.
 */
export function multipartFormReader(limits: MultipartLimits) {
  const directory = mkdtempSync(path.join(os.tmpdir(), "av-upload-"));
  const tooLarge = new Set<string>();
  const disk = limits.disk ?? uploadDiskBudget();
  let written = 0;
  let release = () => {};
  /** Each chunk is taken from the disk budget before it is written; past the budget the upload fails. */
  const budgeted = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (!disk.take(chunk.byteLength)) return done(new TemporaryDiskFull());
        written += chunk.byteLength;
        done(null, chunk);
      },
    });
  const read = async (request: Request, hooks: ReadHooks = {}): Promise<FormData> => {
    const type = request.headers.get("Content-Type") ?? "";
    if (!/^multipart\/form-data\s*;/i.test(type) || !request.body) throw new MalformedUpload("not multipart");
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { "content-type": type },
        preservePath: false,
        limits: {
          fileSize: limits.maxFileBytes,
          files: limits.maxFiles,
          fields: limits.maxFields ?? 32,
          fieldSize: limits.maxFieldBytes ?? 64 * 1024,
          parts: limits.maxFiles + (limits.maxFields ?? 32),
          headerPairs: 50,
        },
      });
    } catch {
      throw new MalformedUpload("bad multipart header");
    }
    const form = new FormData();
    const writes: Promise<void>[] = [];
    const files = new Set<NodeJS.ReadableStream & { destroy(error?: Error): void }>();
    const stop = new AbortController();
    let failure: Error | null = null;
    const fail = (error: Error) => {
      failure ??= error;
      stop.abort(error);
    };
    // The first file waits for the check; a refusal stops the read before any of its bytes.
    let firstFile: Promise<void> | null = null;
    const checkFirst = () => {
      firstFile ??= (hooks.beforeFirstFile?.(form) ?? Promise.resolve())
        .then(async () => {
          if (limits.admit) release = await limits.admit();
        })
        .catch((error: Error) => {
          fail(error);
          throw error;
        });
      return firstFile;
    };
    parser.on("field", (name, value) => form.append(name, value));
    parser.on("file", (field, stream, filename, _encoding, mimeType) => {
      if (!filename || failure) {
        stream.resume();
        return;
      }
      files.add(stream);
      // Until its write starts (after the first file's check) an error of the part must not go unheard.
      stream.on("error", () => {});
      const target = path.join(directory, randomUUID());
      stream.on("limit", () => (limits.tooLarge === "drop" ? tooLarge.add(field) : fail(new UploadTooLarge())));
      const write = checkFirst()
        .then(() => pipeline(stream, countedStream(), budgeted(), createWriteStream(target)))
        .then(async () => {
          if (!stream.truncated) form.append(field, await diskFile(target, mimeType || "application/octet-stream", givenName(filename)));
        })
        .finally(() => files.delete(stream));
      // Handled here at once: the read below may stop before it awaits this write (a broken body).
      write.catch((error: Error) => fail(error));
      writes.push(write);
    });
    parser.on("filesLimit", () => fail(new TooManyFiles(limits.maxFiles)));
    parser.on("partsLimit", () => fail(new TooManyFiles(limits.maxFiles)));
    parser.on("fieldsLimit", () => fail(new MalformedUpload("too many fields")));
    const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);
    try {
      await pipeline(body, parser, { signal: stop.signal });
      await Promise.all(writes);
    } catch (error) {
      // Whatever broke, each file stream is ended and each write has settled before the error goes up.
      const reason = failure ?? new MalformedUpload(error instanceof Error ? error.message : "broken multipart body");
      for (const stream of files) stream.destroy(reason);
      await Promise.allSettled(writes);
      throw reason;
    }
    if (failure) throw failure;
    return form;
  };
  const cleanup = () => {
    rmSync(directory, { recursive: true, force: true });
    disk.give(written);
    written = 0;
    release();
    release = () => {};
  };
  return { read, tooLarge, cleanup };
}
