import { contentDisposition, dispositionName, typeByBytes, withTypeExtension, type SniffedType } from "@common/file-names";

/**
 * A file from the province's backend, as the portal hands it on (issue 36): the backend is untrusted
 * input, so its `Content-Type` and `Content-Disposition` are never copied. The type is the one the
 * file's first bytes show, when it is one the answer accepts; anything else goes out as
 * `application/octet-stream`, an attachment, which no browser draws on the portal's origin. The name
 * always ends with the extension of the type decided here. The body is streamed: only its first
 * chunks are looked at, never the whole file.
 */

export type FileType = SniffedType;
const OTHER = "application/octet-stream";

/** The documents the citizen downloads: PDF and the image types the uploads accept. */
export const DOCUMENT_TYPES: readonly FileType[] = ["application/pdf", "image/jpeg", "image/png"];

export type BackendFileOptions = {
  /** The types this answer may carry (others become an octet-stream attachment). */
  accept: readonly FileType[];
  /** The name the citizen knows the file by; else the backend's, else `fallbackName` ('documento'). */
  name?: string | null;
  fallbackName?: string;
  /** Shown in the browser (a page preview) rather than downloaded; only ever for an accepted type. */
  inline?: boolean;
  /** Runs once the whole body has gone out, before the answer ends (a failure of it is ignored). */
  afterBody?: () => Promise<unknown>;
};

/** The decided type and name of a backend file, from its first bytes. */
export function decidedFile(
  head: Uint8Array,
  options: Pick<BackendFileOptions, "accept" | "name" | "fallbackName">,
  backendName: string | null,
) {
  const type = typeByBytes(head, options.accept) ?? OTHER;
  const fallback = options.fallbackName ?? "documento";
  const given = (options.name?.trim() || backendName || fallback).slice(0, 255);
  // 'acta.pdf' whose bytes are a PNG is offered as 'acta.png': the name never claims another type.
  const claimed = /\.(pdf|jpe?g|png|webp|zip)$/i.exec(given);
  const matches = !claimed || type === OTHER || withTypeExtension(given, type) === given;
  const name = withTypeExtension(matches ? given : given.slice(0, claimed.index) || fallback, type);
  return { type, name };
}

/** The portal's answer for a file the backend streams (`upstream`), with the type and name decided here. */
export async function backendFile(upstream: Response, options: BackendFileOptions): Promise<Response> {
  const reader = upstream.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = !reader;
  // Only as many chunks as it takes to tell the type: a short first chunk is not waited past.
  while (reader && typeByBytes(concat(chunks, size), options.accept) === undefined) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const head = concat(chunks, size);
  const { type, name } = decidedFile(head, options, dispositionName(upstream.headers.get("content-disposition")));
  const headers = new Headers({
    "Content-Type": type,
    "Content-Disposition": contentDisposition(name, options.inline && type !== OTHER ? "inline" : "attachment"),
    "Cache-Control": "no-store",
  });
  const length = upstream.headers.get("content-length");
  // A body the fetch decoded no longer has the length the backend gave.
  if (length && /^\d{1,15}$/.test(length) && !upstream.headers.get("content-encoding")) headers.set("Content-Length", length);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.byteLength) controller.enqueue(head);
    },
    async pull(controller) {
      const next = ended ? { done: true as const, value: undefined } : await reader!.read();
      if (!next.done) return controller.enqueue(next.value);
      ended = true;
      await options.afterBody?.().catch(() => undefined);
      controller.close();
    },
    cancel(reason) {
      return reader?.cancel(reason);
    },
  });
  return new Response(body, { status: 200, headers });
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
