import { useActionData, useLocation } from "@remix-run/react";
import { Link } from "~/ui/Link";
import type { SerializeFrom } from "@remix-run/node";
import { DownloadAllLink, recordZipHref } from "~/features/download-all/DownloadAllLink";
import { ThreadList } from "~/features/thread/ThreadList";
import { furniture } from "~/lib/messages/furniture";
import { records as t } from "~/lib/messages/records";
import { thread } from "~/lib/messages/thread";
import { LinkButton, LoadingScreen, OmittedNotice, Toast, useHydrated } from "~/ui";
import { common } from "~/lib/messages/common";
import type { loadManager } from "./manager.server";
import {
  DeleteModal,
  DetailsModal,
  HeaderData,
  IncorporatedSection,
  ManagerTitle,
  PendingSection,
  SendModal,
  SentSection,
} from "./Manager";
import { PreviewModal } from "./PreviewModal";
import { UploadModal, type UploadAnswer } from "./UploadModal";
import { parseManagerState, withoutModal } from "./url";

/** The record manager (/records/manager): header, communications, the three document lists and the open modal. */
export function ManagerView({ data }: { data: SerializeFrom<typeof loadManager> }) {
  const actionData = useActionData<UploadAnswer>();
  const location = useLocation();
  const hydrated = useHydrated();
  // The URL is the state (also when a zoom skipped the loader).
  const parsed = parseManagerState(new URLSearchParams(location.search));

  if (!data.ok || !parsed) {
    // With JavaScript the spec's loading screen stays, with its toast; without it (and in text
    // browsers) that would be a dead end: the toast's text and a way back instead.
    return (
      <section aria-labelledby="page-title" className="rec-manager">
        <h1 id="page-title" className="visually-hidden">
          {furniture.routeLabels.manager}
        </h1>
        {hydrated || !data.notice ? (
          <>
            {data.notice ? <Toast toast={data.notice} /> : null}
            <LoadingScreen />
          </>
        ) : (
          <div className="rec-manager__failed">
            <p className="alert alert--error" role="alert">
              {data.notice.message}
            </p>
            <LinkButton to="/records" variant="secondary">
              {common.actions.back}
            </LinkButton>
          </div>
        )}
      </section>
    );
  }

  const { header, counts } = data;
  // The pages the loader showed (an out-of-range one clamped): every link keeps them.
  const state = {
    ...parsed,
    // The words searched as the loader opened them (the URL holds them sealed, decision 032).
    q: data.search.q,
    sq: data.search.sq,
    ipage: data.incorporated.page,
    spage: data.sent.page,
    ppage: data.pending.page,
  };
  const isPreviewed = (d: { fileId: string }) => d.fileId === state.doc;
  return (
    <section aria-labelledby="page-title" className="rec-manager">
      <p className="rec-back">
        <Link to="/records">
          <span aria-hidden="true">‹ </span>
          {t.ui.backToList}
        </Link>
      </p>
      <ManagerTitle header={header} />
      {data.notice ? <Toast toast={data.notice} /> : null}
      <HeaderData header={header} />
      {data.offered.linked && data.digital ? (
        <ThreadList
          communications={data.related ?? []}
          title={thread.recordListTitle}
          id="rec-thread"
          empty={data.related ? thread.empty : thread.loadError}
          className="rec-thread"
        />
      ) : null}
      <details className="rec-panel" open>
        <summary className="rec-panel__summary">
          <h2 className="rec-panel__title">{t.manager.documents}</h2>
        </summary>
        <div className="rec-panel__body">
          {data.offered.archives ? (
            <DownloadAllLink
              id="rec-download-all"
              href={recordZipHref(state.file)}
              count={counts.incorporated + counts.sent + (header.read_only ? 0 : counts.pending)}
            />
          ) : null}
          <OmittedNotice count={data.omitted} noun="document" />
          <IncorporatedSection list={data.incorporated} count={counts.incorporated} state={state} />
          <SentSection list={data.sent} state={state} />
          {header.read_only ? null : data.pendingLoaded ? (
            <PendingSection key={state.sel.join(",")} list={data.pending} state={state} />
          ) : (
            <section className="rec-section" aria-labelledby="rec-pending">
              <h3 id="rec-pending" className="rec-section__title">
                {t.manager.pending}
              </h3>
              <p className="rec-empty">{t.manager.empty.pending}</p>
            </section>
          )}
        </div>
      </details>
      {state.modal === "preview" && data.preview ? (
        <PreviewModal
          state={state}
          docs={data.preview.docs}
          index={Math.max(0, data.preview.docs.findIndex(isPreviewed))}
          pageCount={data.preview.pageCount}
          text={data.preview.text}
          readablePages={data.offered.readablePages}
        />
      ) : null}
      {state.modal === "details" && data.details ? <DetailsModal doc={data.details} closeHref={withoutModal(state)} /> : null}
      {state.modal === "upload" && !header.read_only ? <UploadModal state={state} answer={actionData ?? null} /> : null}
      {state.modal === "delete" && data.toDelete ? <DeleteModal doc={data.toDelete} state={state} /> : null}
      {state.modal === "send" && !header.read_only ? <SendModal chosen={data.toSend} state={state} /> : null}
      <div className="no-js-only rec-bottom">
        <LinkButton to="/records" variant="secondary">
          {t.ui.backToList}
        </LinkButton>
      </div>
    </section>
  );
}
