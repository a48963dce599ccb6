import { Link, useActionData, useLocation } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { DownloadAllLink, recordZipHref } from "~/features/download-all/DownloadAllLink";
import { ThreadList } from "~/features/thread/ThreadList";
import { furniture } from "~/lib/messages/furniture";
import { records as t } from "~/lib/messages/records";
import { thread } from "~/lib/messages/thread";
import { LinkButton, LoadingScreen, Toast } from "~/ui";
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
  // The URL is the state (also when paging skipped the loader).
  const state = parseManagerState(new URLSearchParams(location.search));

  if (!data.ok || !state) {
    return (
      <section aria-labelledby="page-title" className="rec-manager">
        <h1 id="page-title" className="visually-hidden">
          {furniture.routeLabels.manager}
        </h1>
        {data.notice ? <Toast toast={data.notice} /> : null}
        <LoadingScreen />
      </section>
    );
  }

  const { header } = data;
  const modalDoc = state.modal === "delete" ? data.pending.find((d) => d.spec.id === state.doc) : undefined;
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
      <ThreadList
        communications={data.related ?? []}
        title={thread.recordListTitle}
        id="rec-thread"
        empty={data.related ? thread.empty : thread.loadError}
        className="rec-thread"
      />
      <details className="rec-panel" open>
        <summary className="rec-panel__summary">
          <h2 className="rec-panel__title">{t.manager.documents}</h2>
        </summary>
        <div className="rec-panel__body">
          <DownloadAllLink
            id="rec-download-all"
            href={recordZipHref(state.file)}
            count={data.incorporated.length + data.sent.length + (header.read_only ? 0 : data.pending.length)}
          />
          <IncorporatedSection docs={data.incorporated} state={state} />
          <SentSection docs={data.sent} state={state} />
          {header.read_only ? null : data.pendingLoaded ? (
            <PendingSection key={state.sel.join(",")} docs={data.pending} state={state} />
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
        />
      ) : null}
      {state.modal === "details" && data.details ? <DetailsModal doc={data.details} closeHref={withoutModal(state)} /> : null}
      {state.modal === "upload" && !header.read_only ? <UploadModal state={state} answer={actionData ?? null} /> : null}
      {state.modal === "delete" && modalDoc ? <DeleteModal doc={modalDoc} state={state} /> : null}
      {state.modal === "send" && !header.read_only ? <SendModal docs={data.pending} state={state} /> : null}
      <div className="no-js-only rec-bottom">
        <LinkButton to="/records" variant="secondary">
          {t.ui.backToList}
        </LinkButton>
      </div>
    </section>
  );
}
