/**
 * Small, valid sample files made in code, for the seed, the operator CLI and tests
 * (no binary fixtures in the repository).
 */
import { deflateSync } from "node:zlib";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

/** A text PDF of `pages` pages, each saying its title and number. */
export async function makeTextPdf(title: string, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer("Atención Virtual (demo)");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawRectangle({ x: 40, y: 760, width: 515, height: 40, color: rgb(0.11, 0.3, 0.85) });
    page.drawText(title.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?"), { x: 52, y: 774, size: 16, font: bold, color: rgb(1, 1, 1) });
    page.drawText(`Página ${i} de ${pages}`, { x: 52, y: 720, size: 28, font: bold, color: rgb(0.1, 0.1, 0.1) });
    for (let line = 0; line < 20; line++) {
      page.drawText(`Línea ${line + 1} del documento de demostración, página ${i}.`, {
        x: 52,
        y: 670 - line * 26,
        size: 11,
        font,
        color: rgb(0.25, 0.25, 0.25),
      });
    }
  }
  return Buffer.from(await doc.save());
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG with a coloured band on a light background. */
export function makePng(width = 120, height = 80, color: [number, number, number] = [29, 78, 216]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const band = y > height * 0.15 && y < height * 0.35 && x > width * 0.1 && x < width * 0.9;
      const [r, g, b] = band ? color : [240, 244, 250];
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A 96×64 baseline JPEG (1.4 KB), drawn once with a canvas and kept as text. */
export function makeJpeg(): Buffer {
  return Buffer.from(SAMPLE_JPEG_BASE64, "base64");
}
const SAMPLE_JPEG_BASE64 =
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCABAAGADASIAAhEBAxEB/8QAGQABAQEBAQEAAAAAAAAAAAAAAAcFBgME/8QAKxAAAQIEAwgCAwEAAAAAAAAAAAMGFlWj0gEFEQIEEhMXZaTiFTEUIlEh/8QAGQEBAQEBAQEAAAAAAAAAAAAAAAQDAgUB/8QALREAAAQCBwcFAQAAAAAAAAAAAAECAwQREhMUUmGh8BUhUVNigeExMkGR0bH/2gAMAwEAAhEDEQA/AKmAQU9eEhLRPfKQiccoS3C9AgoLdldeXkZWnAXoEFA2V15eQtOAvQIKBsrry8hacBegQUDZXXl5C04C9AgpeiKLhLPLfOY1bcpz3AYMDtyXV1LjeJHHDjmNBO0QjLzk6pUpYmX8BxSEypFMd9A7cl1dS4QO3JdXUuOBjhxzGgnaI4ccxoJ2ltkjOZmYyrWruQ76B25Lq6lwgduS6upccDHDjmNBO0Rw45jQTtFkjOZmYVrV3Id9A7cl1dS4QO3JdXUuOBjhxzGgnaI4ccxoJ2iyRnMzMK1q7kO+gduS6upcIHbkurqXGexM8zLOfz/kN553J5fB+mzs6a8Wv1hh/MDriF5b7SzQpZzLExskkKKZEMGB25Lq6lxvAE63Fr9xmY7JJF6EBgxw3JjQUtN44Lph3jxvc2h0sKnXKMuGpGOVmsvaQ344bkxoKWiOG5MaClpgdMO8eN7jph3jxvcqqoG+euwzpPcNfY344bkxoKWiOG5MaClpgdMO8eN7jph3jxvcVUDfPXYKT3DX2N+OG5MaClojhuTGgpaYHTDvHje46Yd48b3FVA3z12Ck9w19jfjhuTGgpae+4urJMy3zY3TdN95i6mvDs8rbw10wxxx/3HDT6wxOZ6Yd48b3PvyNifDZwhmHyXO5PF+nI4dddnHD74sf6cLbgiSZpWc/jUh9JTs95DrgAecNwJHHDjmNBO0rgKod9DU6SCVPXAZrQavQ5CRxw45jQTtEcOOY0E7SuAqtrPJLL8GdUu8JHHDjmNBO0Rw45jQTtK4BbWeSWX4FUu8AAPLFAAAAAAAD/9k=";
