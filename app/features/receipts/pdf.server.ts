/**
 * The receipt as a PDF (pdf-lib, on the server): the same rows as the page, black on white, A4.
 * Helvetica's WinAnsi encoding covers Spanish; any other character is written as '?'.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { Receipt } from "~/api/receipts.server";
import { formatDateTime } from "~/lib/dates";
import { receipts as R } from "~/lib/messages/receipts";
import { receiptRows, sizeText } from "./ReceiptView";

const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Text the standard font can encode. */
export function pdfSafe(text: string): string {
  return Array.from(text.normalize("NFC"))
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (ch === "\n" || ch === "\t") return " ";
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) return ch;
      const base = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      return base.length === 1 && base.codePointAt(0)! < 0x7f ? base : "?";
    })
    .join("");
}

/** Splits `text` into lines no wider than `width`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = pdfSafe(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafe(`${R.title} ${receipt.number}`));
  doc.setSubject(pdfSafe(R.kinds[receipt.kind]));
  doc.setProducer("Atención Virtual");
  doc.setCreator("Atención Virtual");
  doc.setLanguage("es-AR");
  doc.setCreationDate(new Date(receipt.issuedAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const black = rgb(0, 0, 0);
  const [W, H] = [595.28, 841.89];
  const margin = 56;
  const width = W - margin * 2;
  let page: PDFPage = doc.addPage([W, H]);
  let y = H - margin;

  const ensure = (needed: number) => {
    if (y - needed < margin + 24) {
      page = doc.addPage([W, H]);
      y = H - margin;
    }
  };
  const text = (value: string, options: { font?: PDFFont; size?: number; x?: number; maxWidth?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    for (const line of wrap(value, font, size, options.maxWidth ?? width)) {
      ensure(size * 1.4);
      page.drawText(line, { x: options.x ?? margin, y: y - size, size, font, color: black });
      y -= size * 1.4;
    }
  };

  text("Atención Virtual", { font: bold, size: 12 });
  y -= 4;
  text(`${R.title}: ${R.kinds[receipt.kind]}`, { font: bold, size: 18 });
  y -= 8;
  page.drawLine({ start: { x: margin, y }, end: { x: W - margin, y }, thickness: 1, color: black });
  y -= 16;

  const labelWidth = 190;
  for (const row of receiptRows(receipt)) {
    const top = y;
    text(row.label, { font: bold, maxWidth: labelWidth - 8 });
    const afterLabel = y;
    y = top;
    text(row.value, { x: margin + labelWidth, maxWidth: width - labelWidth });
    y = Math.min(y, afterLabel) - 4;
  }

  const documents = receipt.detail.documents;
  if (documents) {
    y -= 10;
    text(R.documents, { font: bold, size: 13 });
    y -= 2;
    if (documents.length === 0) text(R.noDocuments);
    else {
      const sizeX = W - margin - 90;
      ensure(14);
      page.drawText(pdfSafe(R.documentName), { x: margin, y: y - 11, size: 11, font: bold, color: black });
      page.drawText(pdfSafe(R.documentSize), { x: sizeX, y: y - 11, size: 11, font: bold, color: black });
      y -= 16;
      for (const docRow of documents) {
        const top = y;
        text(docRow.name, { maxWidth: sizeX - margin - 12 });
        const after = y;
        page.drawText(pdfSafe(sizeText(docRow.size)), { x: sizeX, y: top - 11, size: 11, font: regular, color: black });
        y = after - 2;
      }
    }
  }

  y -= 16;
  text(R.keep, { size: 10 });
  text(R.issuedAt(formatDateTime(receipt.issuedAt)), { size: 10 });
  for (const p of doc.getPages()) {
    p.drawText(pdfSafe(`${R.pdfFooter} ${receipt.number}`), { x: margin, y: margin / 2, size: 8, font: regular, color: black });
  }
  return doc.save();
}
