/**
 * Reads a whole ZIP answer (tests of 'Descargar todo' and 'Descargar mis datos'): its entries in
 * order, with their bytes. Strict: unsafe file names or sizes that do not match refuse the ZIP.
 */
import yauzl from "yauzl";

export type Unzipped = { name: string; data: Buffer }[];

export function unzip(buffer: Buffer): Promise<Unzipped> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const out: Unzipped = [];
      zip.on("error", reject);
      zip.on("end", () => resolve(out));
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
