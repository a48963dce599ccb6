/**
 * An uploaded image is accepted only when it decodes (decision 008): the magic bytes say which
 * decoder to ask, the decoder says whether it is an image. Pure-JS decoders (pngjs, jpeg-js), run
 * on the stored blob after the upload streamed in, with the size read from the header first and a
 * pixel cap, so a small file that claims a huge picture is refused before anything is allocated.
 */
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import type { BlobStore } from "../../storage/index.js";

/** Largest picture decoded: 25 megapixels (a 6000×4000 camera photo is 24); above it, refused. */
export const MAX_IMAGE_PIXELS = 25_000_000;
/** jpeg-js's own allocation cap for the decode under that pixel cap (3 bytes a pixel, plus its planes). */
const JPEG_MEMORY_MB = 256;

/** True when the stored PNG or JPEG decodes within the pixel cap. */
export async function imageDecodes(store: BlobStore, key: string, size: number, mime: "image/png" | "image/jpeg"): Promise<boolean> {
  try {
    if (mime === "image/png") {
      // Signature (8) + IHDR length and type (8) + width and height (8): the size before the pixels.
      const head = await store.read(key, 0, 24);
      if (head.length < 24 || head.subarray(12, 16).toString("latin1") !== "IHDR") return false;
      if (head.readUInt32BE(16) * head.readUInt32BE(20) > MAX_IMAGE_PIXELS) return false;
      PNG.sync.read(await store.read(key, 0, size));
      return true;
    }
    // jpeg-js reads the frame header and checks both caps before it allocates the picture.
    jpeg.decode(await store.read(key, 0, size), {
      useTArray: true,
      formatAsRGBA: false,
      tolerantDecoding: false,
      maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000,
      maxMemoryUsageInMB: JPEG_MEMORY_MB,
    });
    return true;
  } catch {
    return false;
  }
}
