import zlib, { brotliCompressSync, constants, gzipSync } from "node:zlib";
import Negotiator from "negotiator";

/**
 * A page compressed in one call (decision 076). `entry.server` holds the whole page as one string
 * (decision 076), so it is compressed here at once, and the portal server's `compression` middleware
 * passes an answer that is already encoded. Through the middleware each page would build a compression
 * stream of its own (its state, its buffers, a job on the thread pool) only to compress bytes that are
 * all at hand already; one call does the same work without them. The encoding: Zstandard at level 1
 * where the browser takes it (decision 076; the middleware does not know it), else brotli at quality 2
 * (decision 076), else gzip, the browser's weights first.
 */
/** Node 22.15 and later; on an older 22 the pages go in brotli as before. */
const zstdCompressSync = (zlib as Partial<typeof zlib>).zstdCompressSync;
type Encoding = "zstd" | "br" | "gzip";
const PREFERRED: readonly Encoding[] = zstdCompressSync ? ["zstd", "br", "gzip"] : ["br", "gzip"];
const ENCODINGS = [...PREFERRED, "identity"];
/** One of the encodings a page is compressed with (not "identity", not nothing acceptable). */
const isCompression = (encoding: string | undefined): encoding is Encoding => PREFERRED.includes(encoding as Encoding);
/** Below this size the middleware does not compress either (its default threshold, 1 KB). */
const THRESHOLD = 1024;
/**
 * Brotli's quality that pays: a higher one costs far more CPU for a few fewer bytes, and at this one
 * every page still fits TCP's first flight (decision 076 has the measurements).
 */
const BROTLI_QUALITY = 2;
/** Zstandard's level that gives about brotli quality 2's bytes for less CPU (decision 076 has the measurements). */
const ZSTD_LEVEL = 1;
/** negotiator 0.6.4 takes the server's preference as a second argument, as `compression` passes it; its types do not say so yet. */
type WithPreference = { encoding(available: readonly string[], preferred: readonly string[]): string | undefined };

/** zlib's answers are Buffers over plain (never shared) memory, which a Response takes as its body. */
type Compressed = Buffer<ArrayBuffer>;

/**
 * The page's UTF-8 bytes go into one buffer the process keeps, grown when a page needs more (never
 * past 4 MB; a larger page gets a buffer of its own): `Buffer.from` measured the string and then
 * encoded it, two passes over the page where this makes one. The compressor reads the bytes within
 * the same call and keeps none of them, so the next page may write over them.
 */
const KEPT_MAX = 4 * 1024 * 1024;
let kept = Buffer.allocUnsafe(256 * 1024);

function utf8(html: string): Buffer {
  const most = html.length * 3;
  if (most > KEPT_MAX) return Buffer.from(html);
  if (kept.length < most) kept = Buffer.allocUnsafe(most);
  return kept.subarray(0, kept.write(html));
}

export function compressPage(request: Request, html: string, headers: Headers): string | Compressed {
  headers.append("Vary", "Accept-Encoding");
  const accepted = request.headers.get("Accept-Encoding");
  if (!accepted || request.method === "HEAD") return html;
  const negotiator = new Negotiator({ headers: { "accept-encoding": accepted } }) as unknown as WithPreference;
  const encoding = negotiator.encoding(ENCODINGS, PREFERRED);
  if (!isCompression(encoding)) return html;
  // Encoded to UTF-8 once, and only for a page that may be compressed: its size decides, and the compressor takes the bytes.
  const bytes = utf8(html);
  if (bytes.length < THRESHOLD) return html;
  headers.set("Content-Encoding", encoding);
  return compress(encoding, bytes) as Compressed;
}

function compress(encoding: Encoding, bytes: Buffer): Buffer {
  if (encoding === "zstd" && zstdCompressSync) {
    return zstdCompressSync(bytes, { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL } });
  }
  if (encoding === "br") {
    return brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
  }
  return gzipSync(bytes);
}
