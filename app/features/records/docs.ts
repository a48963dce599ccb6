/** The three document lists of a record as one shape for the preview and details modals. */
import type { Detail, IncorporatedDocument, PendingDocument, SentDocument } from "~/api/records.server";
import type { DocSet } from "./url";

export type DocRef = {
  set: DocSet;
  /** file id: what preview, pages and downloads use */
  fileId: string;
  name: string;
  /** 'Orden N': the folio of incorporated documents, the position in the list otherwise */
  order: number;
  details: Detail[];
};

export function incorporatedRefs(docs: IncorporatedDocument[]): DocRef[] {
  return docs.map((d, i) => ({
    set: "incorporated",
    fileId: d.file.signedFileId,
    name: d.file.name,
    order: Number(d.nroFolio) || i + 1,
    details: d.details,
  }));
}

export function sentRefs(docs: SentDocument[]): DocRef[] {
  return docs.map((d, i) => ({
    set: "sent",
    fileId: d.file.id ?? d.spec.id ?? d.id ?? "",
    name: d.file.name,
    order: i + 1,
    details: d.details,
  }));
}

export function pendingRefs(docs: PendingDocument[]): DocRef[] {
  return docs.map((d, i) => ({ set: "pending", fileId: d.file.id, name: d.file.name, order: i + 1, details: [] }));
}

/** Incorporated documents whose name, description or user contain the search text. */
export function filterIncorporated(docs: IncorporatedDocument[], q: string): IncorporatedDocument[] {
  const term = q.trim().toLocaleLowerCase("es");
  if (!term) return docs;
  return docs.filter((d) =>
    [d.file.name, d.spec.description, d.spec.user, String(d.nroFolio ?? "")].some((v) => v.toLocaleLowerCase("es").includes(term)),
  );
}

export const downloadHref = (fileId: string, name: string) =>
  `/resources/records/download/${encodeURIComponent(fileId)}?name=${encodeURIComponent(name)}`;
export const pageHref = (fileId: string, page: number) => `/resources/records/page/${encodeURIComponent(fileId)}/${page}`;
