/** The three document lists of a record as one shape for the preview and details modals; the page of each the manager shows. */
import type { Detail, IncorporatedDocument, PendingDocument, SentDocument } from "~/api/records.server";
import { paginateList, RECORD_DOCUMENTS_PAGE_SIZE } from "~/lib/paginate";
import type { DocSet, ManagerState } from "./url";

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

/**
 * A sent document's id: its file's, else its spec's, else its own, else its place in the list (the
 * spec gives a sent document no file id, decision 098): the details modal finds it by this.
 */
export const sentId = (d: SentDocument, i: number) => d.file.id ?? d.spec.id ?? d.id ?? String(i);

export function sentRefs(docs: SentDocument[]): DocRef[] {
  return docs.map((d, i) => ({
    set: "sent",
    fileId: sentId(d, i),
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

/** The page of a document list the manager shows; `offset` is its first document's place in the list. */
export type DocPage<T> = ReturnType<typeof paginateList<T>>;

type DocLists = { incorporated: IncorporatedDocument[]; sent: SentDocument[]; pending: PendingDocument[] };

/**
 * What the manager shows of its three lists (issue 30): the page of each in the URL (`ipage`,
 * `spage`, `ppage`; the incorporated one searched by `q`), clamped into the list, and how many
 * documents each list holds. The API answers each list whole; only these pages reach the page.
 */
export function visiblePages(lists: DocLists, state: Pick<ManagerState, "q" | "ipage" | "spage" | "ppage">) {
  return {
    incorporated: paginateList(filterIncorporated(lists.incorporated, state.q), state.ipage, RECORD_DOCUMENTS_PAGE_SIZE),
    sent: paginateList(lists.sent, state.spage, RECORD_DOCUMENTS_PAGE_SIZE),
    pending: paginateList(lists.pending, state.ppage, RECORD_DOCUMENTS_PAGE_SIZE),
    counts: { incorporated: lists.incorporated.length, sent: lists.sent.length, pending: lists.pending.length },
  };
}

export const downloadHref = (fileId: string, name: string) =>
  `/resources/records/download/${encodeURIComponent(fileId)}?name=${encodeURIComponent(name)}`;
export const pageHref = (fileId: string, page: number) => `/resources/records/page/${encodeURIComponent(fileId)}/${page}`;
