import { PDFDocument, StandardFonts } from "pdf-lib";

/** Small valid PDFs for downloads and the viewer's pages (pdf-lib): one title line per page. */
const cache = new Map<string, Promise<Uint8Array>>();

export const PAGES_PER_DOCUMENT = 2;

export function documentPdf(title: string, pages = PAGES_PER_DOCUMENT, only?: number): Promise<Uint8Array> {
  const key = `${title}\u0000${pages}\u0000${only ?? ""}`;
  let made = cache.get(key);
  if (!made) {
    made = (async () => {
      const pdf = await PDFDocument.create();
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      pdf.setTitle(title);
      for (let n = 1; n <= pages; n++) {
        if (only !== undefined && n !== only) continue;
        const page = pdf.addPage([595, 842]);
        // The standard fonts encode WinAnsi only: anything else becomes '?'.
        const safe = title
          .normalize("NFD")
          .replace(/[\u0300-\u036f]/g, "")
          .replace(/[^\x20-\x7e]/g, "?");
        page.drawText(safe, { x: 56, y: 760, size: 18, font });
        page.drawText(`Pagina ${n} de ${pages}`, { x: 56, y: 730, size: 12, font });
      }
      return pdf.save();
    })();
    cache.set(key, made);
  }
  return made;
}
