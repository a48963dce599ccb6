import { json, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { ApiError, type ApiContext } from "~/api/client.server";
import { getPageCount } from "~/api/files.server";
import {
  discardPending,
  getIncorporated,
  getPending,
  getRecordDocuments,
  getRecordHeader,
  getSent,
  registerUploads,
  sendPending,
  type IncorporatedDocument,
  type PendingDocument,
  type RecordDocuments,
  type RecordHeader,
  type SentDocument,
} from "~/api/records.server";
import { getPageText } from "~/api/renditions.server";
import { getLinkedCommunications } from "~/api/thread.server";
import { omittedIn } from "~/api/read.server";
import { offeredExtensions } from "~/api/extensions.server";
import { EXTENSIONS } from "@common/extensions";
import type { PageTextState } from "~/features/readable/PageViews";
import { receiptFlashHeader, withReceipt } from "~/features/receipts/flash.server";
import { parseForm } from "~/lib/form.server";
import { moduleEnabled, requireAdhered } from "~/lib/guards.server";
import { records as t } from "~/lib/messages/records";
import { safeReturnPath } from "~/lib/redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { incorporatedRefs, pendingRefs, sentRefs, visiblePages, type DocRef } from "./docs";
import { noJsUpload } from "./upload.server";
import { isId, managerHref, parseManagerState, withoutModal, type ManagerState } from "./url";
import { readListSearch } from "~/lib/sealed-search.server";
import type { RequestScope } from "~/lib/session.server";

const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
const notice = (message: string) => ({ id: `rec-${Date.now()}-${Math.random()}`, type: "ERROR" as const, message });

type Preview = { set: ManagerState["set"]; docs: DocRef[]; index: number; pageCount: number; text: PageTextState | null };

function refsOf(
  set: ManagerState["set"],
  lists: { incorporated: IncorporatedDocument[]; sent: SentDocument[]; pending: PendingDocument[] },
) {
  return set === "sent" ? sentRefs(lists.sent) : set === "pending" ? pendingRefs(lists.pending) : incorporatedRefs(lists.incorporated);
}

/**
 * The record's three lists, each settled on its own (a list that fails shows its toast, the others
 * show): in one call when the backend offers `record-documents` (decision 098), else, or when that call
 * fails, by the spec's three. A read-only record has no pending documents to show: they are not asked
 * for (or, brought by the one call, left unread).
 */
async function documentLists(
  ctx: ApiContext,
  file: string,
  readOnly: boolean,
  inOneCall: boolean,
): Promise<[RecordDocuments["incorporated"], RecordDocuments["sent"], RecordDocuments["pending"]]> {
  if (inOneCall) {
    try {
      const lists = await getRecordDocuments(ctx, file);
      return [lists.incorporated, lists.sent, readOnly ? { status: "fulfilled", value: [] } : lists.pending];
    } catch (error) {
      if (!isApiError(error)) throw error;
    }
  }
  return Promise.allSettled([
    getIncorporated(ctx, file),
    getSent(ctx, file),
    readOnly ? Promise.resolve([] as PendingDocument[]) : getPending(ctx, file),
  ]);
}

/** Loader of /records/manager: the record's header, the visible page of its three document lists, its communications and the open modal's data. */
export async function loadManager({ request, context }: RequestScope) {
  const { ctx, config } = await requireAdhered({ request, context }, "records");
  const url = new URL(request.url);
  // The search words come sealed for this session (decision 032); the page's links carry them so.
  const search = await readListSearch({ request, context }, url.searchParams, "q");
  const parsed = parseManagerState(search.params);
  if (!parsed) throw redirect("/records");
  const state: ManagerState = { ...parsed, sq: search.sealed };

  // The communications about this record (decision 026) go out with the header; a failure says so in
  // place, the rest still shows.
  const offeredCall = offeredExtensions(ctx);
  // Not while the digital module is disabled: its links would lead nowhere (issue 31).
  const digital = moduleEnabled(config, "digital");
  const relatedCall = (digital ? getLinkedCommunications(ctx, { record: state.file }) : Promise.resolve([])).catch((error: unknown) => {
    if (!isApiError(error)) throw error;
    return null;
  });
  relatedCall.catch(() => undefined); // answered below, unless the header's failure ends the page first
  let header: RecordHeader;
  try {
    header = await getRecordHeader(ctx, state.file);
  } catch (error) {
    if (!isApiError(error)) throw error;
    // Spec section 4: on header failure the screen keeps loading and an error toast appears. A record
    // that is not the citizen's (or does not exist) is a 404 all the same (issue 31).
    return json(
      { ok: false as const, notice: notice(error.serverMessage ?? t.toasts.headerError) },
      { status: error.status === 404 || error.status === 403 ? 404 : error.status >= 500 ? 502 : 200 },
    );
  }

  // What the backend offers beyond the spec (decision 098): each feature it serves shows only then.
  const extensions = await offeredCall;
  const [inc, sent, pending] = await documentLists(ctx, state.file, header.read_only, extensions.has(EXTENSIONS.recordDocuments));
  for (const r of [inc, sent, pending]) if (r.status === "rejected" && !isApiError(r.reason)) throw r.reason;
  const lists = {
    incorporated: inc.status === "fulfilled" ? inc.value : [],
    sent: sent.status === "fulfilled" ? sent.value : [],
    pending: pending.status === "fulfilled" ? pending.value : [],
  };
  const failures = [
    inc.status === "rejected" ? t.toasts.incorporatedError : null,
    sent.status === "rejected" ? t.toasts.sentError : null,
    pending.status === "rejected" ? t.toasts.pendingError : null,
  ].filter((m) => m !== null) as string[];

  const related = await relatedCall;
  const offered = {
    linked: extensions.has(EXTENSIONS.linkedCommunications),
    archives: extensions.has(EXTENSIONS.archives),
    readablePages: extensions.has(EXTENSIONS.readablePages),
  };

  const closeHref = withoutModal(state);
  let preview: Preview | null = null;
  if (state.modal === "preview") {
    const docs = refsOf(state.set, lists);
    const index = docs.findIndex((d) => d.fileId === state.doc);
    if (index < 0) throw await redirectWithToast(closeHref, { type: "ERROR", message: t.toasts.previewError });
    try {
      const pageCount = await getPageCount(ctx, docs[index].fileId);
      preview = { set: state.set, docs, index, pageCount, text: null };
    } catch (error) {
      if (!isApiError(error)) throw error;
      // Any load failure closes the preview with the spec's toast.
      throw await redirectWithToast(closeHref, { type: "ERROR", message: t.toasts.previewError });
    }
  }
  if (preview && state.vista === "texto" && offered.readablePages) {
    // 'Ver como texto': the page's text, read on the server (a failure shows a message in place).
    const page = Math.min(Math.max(1, state.page), preview.pageCount);
    try {
      preview.text = { ok: true, text: await getPageText(ctx, preview.docs[preview.index].fileId, page) };
    } catch (error) {
      if (!isApiError(error)) throw error;
      preview.text = { ok: false };
    }
  }
  let details: DocRef | null = null;
  if (state.modal === "details") {
    details = refsOf(state.set, lists).find((d) => d.fileId === state.doc) ?? null;
    if (!details) throw redirect(closeHref);
  }
  if ((state.modal === "upload" || state.modal === "send" || state.modal === "delete") && header.read_only) throw redirect(closeHref);
  if (state.modal === "delete" && !lists.pending.some((d) => d.spec.id === state.doc)) throw redirect(closeHref);

  return json({
    ok: true as const,
    /** the words searched, opened, and as the links carry them (the view reads the rest of its state from the URL) */
    search: { q: state.q, sq: state.sq },
    header,
    // The visible page of each list only (issue 30); the open dialog's documents beside them.
    ...visiblePages(lists, state),
    toDelete: state.modal === "delete" ? (lists.pending.find((d) => d.spec.id === state.doc) ?? null) : null,
    toSend: state.modal === "send" ? lists.pending.filter((d) => state.sel.includes(d.spec.id)) : [],
    pendingLoaded: pending.status === "fulfilled",
    /** the documents the backend listed and the portal could not read (the page says so) */
    omitted: [inc, sent, pending].reduce((n, r) => n + (r.status === "fulfilled" ? omittedIn(r.value) : 0), 0),
    related,
    offered,
    digital,
    preview,
    details,
    notice: failures.length ? notice(failures[0]) : null,
  });
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), doc: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), returnTo: z.string().optional() }),
  z.object({ intent: z.literal("send"), returnTo: z.string().optional() }),
  z.object({ intent: z.literal("register"), files: z.string().max(100_000), returnTo: z.string().optional() }),
  z.object({ intent: z.literal("previewFailed"), returnTo: z.string().optional() }),
  z.object({ intent: z.literal("downloadFailed"), returnTo: z.string().optional() }),
]);

const registerFilesSchema = z
  .array(
    z.object({
      fileId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
      fileName: z.string().trim().min(1).max(255),
      reference: z.string().trim().min(1).max(500),
      mime: z.string().max(100),
    }),
  )
  .min(1)
  .max(50);

function backTo(request: Request, value: string | undefined, fallback: string) {
  const path = value ? safeReturnPath(value, new URL(request.url).origin) : null;
  return path && path.startsWith("/records/manager") ? path : fallback;
}

/** Action of /records/manager: a no-JS upload (multipart), or delete, send, register and the client's failure reports. */
export async function managerAction({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "records");
  const url = new URL(request.url);
  const file = url.searchParams.get("file");
  if (!isId(file)) throw redirect("/records");
  const home = managerHref({ file });

  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    return noJsUpload(request, ctx, file);
  }

  const form = await parseForm(request, intentSchema);
  if (!form.ok) return redirectWithToast(home, { type: "ERROR", message: t.toasts.uploadError });
  const data = form.data;
  const back = backTo(request, data.returnTo, home);

  switch (data.intent) {
    case "delete":
      try {
        await discardPending(ctx, file, data.doc);
      } catch (error) {
        if (!isApiError(error)) throw error;
        return redirectWithToast(back, { type: "ERROR", message: error.serverMessage ?? t.toasts.deleteError });
      }
      return redirectWithToast(back, { type: "SUCCESS", message: t.toasts.deleteSuccess });
    case "send": {
      const sel = [...new Set(form.formData.getAll("sel").filter((v): v is string => typeof v === "string" && isId(v)))];
      if (sel.length === 0) return redirectWithToast(back, { type: "ERROR", message: t.sendModal.noneSelected });
      try {
        await sendPending(ctx, file, sel);
      } catch (error) {
        if (!isApiError(error)) throw error;
        return redirectWithToast(back, { type: "ERROR", message: error.serverMessage ?? t.toasts.sendError(sel.length) });
      }
      // Receipts (decision 033): sending documents to a record earns a receipt.
      const receipt = await receiptFlashHeader(ctx, "record", file);
      return withReceipt(await redirectWithToast(back, { type: "SUCCESS", message: t.toasts.sendSuccess(sel.length) }), receipt);
    }
    case "register": {
      // A failure leaves 'Agregar Documentos' open with its cards (names, references, files) to try again.
      const again = managerHref({ ...parseManagerState(new URL(back, url).searchParams), file, modal: "upload" });
      let files: z.infer<typeof registerFilesSchema>;
      try {
        files = registerFilesSchema.parse(JSON.parse(data.files));
      } catch {
        return redirectWithToast(again, { type: "ERROR", message: t.toasts.uploadError });
      }
      try {
        await registerUploads(ctx, file, files);
      } catch (error) {
        if (!isApiError(error)) throw error;
        return redirectWithToast(again, { type: "ERROR", message: error.serverMessage ?? t.toasts.uploadError });
      }
      return redirect(back);
    }
    case "previewFailed":
      return redirectWithToast(back, { type: "ERROR", message: t.toasts.previewError });
    case "downloadFailed":
      return redirectWithToast(back, { type: "ERROR", message: t.ui.downloadError });
  }
}
