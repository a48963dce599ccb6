import { dispositionName, withTypeExtension } from "@common/file-names";
import { Form, useNavigate, useSubmit } from "@remix-run/react";
import { Link } from "~/ui/Link";
import { useEffect, useRef, useState } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { SEALED_SEARCH } from "~/lib/search-param";
import { records as t } from "~/lib/messages/records";
import { Modal, Spinner, useHydrated } from "~/ui";
import { PageImage, PageTextView, ViewToggle, type PageTextState } from "~/features/readable/PageViews";
import { readable } from "~/lib/messages/readable";
import { downloadHref, pageHref, type DocRef } from "./docs";
import { clampZoom, managerHref, validPage, withoutModal, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type ManagerState } from "./url";

const p = t.previewModal;
const SMALL_SCREEN = "(max-width: 767.98px)";

export type PreviewProps = {
  state: ManagerState;
  docs: DocRef[];
  index: number;
  pageCount: number;
  /** the page's text, when the URL asks for it (`vista=texto`) */
  text?: PageTextState | null;
  /** whether the backend draws pages and reads their text (the readable-pages extension, decision 098) */
  readablePages?: boolean;
};

/** Sends a flash toast through the manager's action (PRG), closing the modal. */
function useFailure(state: ManagerState) {
  const submit = useSubmit();
  const csrf = useAuthenticityToken();
  return (intent: "previewFailed" | "downloadFailed", keepModal = false) =>
    submit(
      { intent, csrf, returnTo: keepModal ? managerHref(state) : withoutModal(state) },
      { method: "post", action: managerHref({ file: state.file }), replace: true, preventScrollReset: true },
    );
}

function useSmallScreen() {
  const [small, setSmall] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(SMALL_SCREEN);
    const update = () => setSmall(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return small;
}

function PageCanvas({ doc, page, zoom, small, onFail }: { doc: DocRef; page: number; zoom: number; small: boolean; onFail: () => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // Loading until the page now asked for has been drawn.
  const drawing = `${doc.fileId}:${page}:${zoom}:${small}`;
  const [drawn, setDrawn] = useState<string | null>(null);
  const loading = drawn !== drawing;
  const failRef = useRef(onFail);
  useEffect(() => {
    failRef.current = onFail;
  }, [onFail]);

  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      const response = await fetch(pageHref(doc.fileId, page), { signal: controller.signal, credentials: "same-origin" });
      if (!response.ok) throw new Error(`page ${response.status}`);
      const bytes = await response.arrayBuffer();
      const { renderPagePdf } = await import("./pdf.client");
      const width = small && boxRef.current ? boxRef.current.clientWidth : null;
      await renderPagePdf(bytes, canvasRef.current!, { zoom, fitWidth: width, signal: controller.signal });
      if (!controller.signal.aborted) setDrawn(drawing);
    })().catch(() => {
      if (!controller.signal.aborted) failRef.current();
    });
    return () => controller.abort();
  }, [doc.fileId, page, zoom, small, drawing]);

  return (
    // Scrollable when zoomed: focusable so keyboard users can scroll it.
    <div ref={boxRef} className="rec-viewer__stage" aria-busy={loading} tabIndex={0} role="region" aria-label={p.title}>
      {loading ? <Spinner label={p.loading} showLabel size="lg" className="rec-viewer__loading" /> : null}
      <canvas
        ref={canvasRef}
        className="rec-viewer__canvas"
        role="img"
        aria-label={t.ui.pageCanvas(page, doc.name)}
        data-page={page}
        data-zoom={zoom}
        hidden={loading}
      />
    </div>
  );
}

/** ‹ or ›: a link to the previous or next document or page, or a disabled one at the ends. */
function ArrowLink({ href, label, children }: { href: string | null; label: string; children: string }) {
  return href ? (
    <Link className="btn btn--ghost btn--sm rec-viewer__arrow" to={href} replace preventScrollReset aria-label={label}>
      <span aria-hidden="true">{children}</span>
    </Link>
  ) : (
    <span className="btn btn--ghost btn--sm rec-viewer__arrow" aria-disabled="true" aria-label={label} role="link">
      <span aria-hidden="true">{children}</span>
    </span>
  );
}

function DownloadButton({ doc, onFail }: { doc: DocRef; onFail: () => void }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(downloadHref(doc.fileId, doc.name), { credentials: "same-origin" });
      if (!response.ok) throw new Error(`download ${response.status}`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = dispositionName(response.headers.get("content-disposition")) ?? withTypeExtension(doc.name, blob.type);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      onFail();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--secondary" onClick={download} aria-disabled={busy || undefined}>
      {busy ? <Spinner label={p.downloading} size="sm" /> : null}
      {busy ? p.downloading : p.download}
    </button>
  );
}

/** The preview modal: works as links and GET forms without JavaScript; pdf.js renders with it. */
export function PreviewModal({ state, docs, index, pageCount, text = null, readablePages = true }: PreviewProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const fail = useFailure(state);
  const small = useSmallScreen();
  const doc = docs[index];
  const page = Math.min(Math.max(1, state.page), pageCount);
  const zoom = clampZoom(state.zoom);
  const closeHref = withoutModal(state);
  const textView = readablePages && state.vista === "texto";
  const [pageInput, setPageInput] = useState(String(page));
  const [pageError, setPageError] = useState<string | null>(null);
  // Another page or document: the box shows its number again (adjusted while rendering).
  const shown = `${doc.fileId}:${page}`;
  const [inputFor, setInputFor] = useState(shown);
  if (inputFor !== shown) {
    setInputFor(shown);
    setPageInput(String(page));
    setPageError(null);
  }

  const at = (changes: Partial<ManagerState>) => `${managerHref({ ...state, ...changes })}#rec-modal`;
  const go = (changes: Partial<ManagerState>) => navigate(at(changes), { replace: true, preventScrollReset: true });
  const docHref = (i: number) => at({ doc: docs[i].fileId, page: 1 });
  const prevDoc = index > 0 ? docHref(index - 1) : null;
  const nextDoc = index < docs.length - 1 ? docHref(index + 1) : null;

  const hidden = (
    <>
      <input type="hidden" name="file" value={state.file} />
      <input type="hidden" name="modal" value="preview" />
      {state.set !== "incorporated" ? <input type="hidden" name="set" value={state.set} /> : null}
      {state.q ? <input type="hidden" name={state.sq ? SEALED_SEARCH : "q"} value={state.sq ?? state.q} /> : null}
      {state.ipage > 1 ? <input type="hidden" name="ipage" value={state.ipage} /> : null}
      {state.spage > 1 ? <input type="hidden" name="spage" value={state.spage} /> : null}
      {state.ppage > 1 ? <input type="hidden" name="ppage" value={state.ppage} /> : null}
      {state.vista === "texto" ? <input type="hidden" name="vista" value="texto" /> : null}
    </>
  );

  return (
    <Modal id="rec-modal" title={p.title} open closeHref={closeHref} size="lg" className="rec-preview">
      <div className="rec-viewer__bar">
        <div className="rec-viewer__docs">
          <ArrowLink href={prevDoc} label={p.previousDocument}>
            ‹
          </ArrowLink>
          <Form method="get" action="/records/manager/" className="rec-viewer__docform" preventScrollReset replace>
            {hidden}
            {/* Not a Select (nor the page box below a TextField): the viewer's bar keeps label, control and button on one line, which Field's wrapper would break. */}
            <label className="field__label" htmlFor="rec-doc-select">
              {p.order(doc.order)}
            </label>
            <select
              id="rec-doc-select"
              name="doc"
              className="field__input field__select"
              value={doc.fileId}
              onChange={(event) => go({ doc: event.currentTarget.value, page: 1 })}
            >
              {docs.map((d) => (
                <option key={d.fileId} value={d.fileId}>
                  {d.name}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn--secondary btn--sm no-js-only">
              {t.ui.showDocument}
            </button>
          </Form>
          <ArrowLink href={nextDoc} label={p.nextDocument}>
            ›
          </ArrowLink>
        </div>

        <div className="rec-viewer__pages">
          <ArrowLink href={page > 1 ? at({ page: page - 1 }) : null} label={p.previousPage}>
            ‹
          </ArrowLink>
          <Form
            method="get"
            action="/records/manager/"
            className="rec-viewer__pageform"
            preventScrollReset
            replace
            noValidate={hydrated}
            onSubmit={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              const n = validPage(pageInput, pageCount);
              if (n === null) {
                setPageError(p.invalidPage(pageCount));
                return;
              }
              setPageError(null);
              go({ page: n });
            }}
          >
            {hidden}
            <input type="hidden" name="doc" value={doc.fileId} />
            {zoom !== 1 ? <input type="hidden" name="zoom" value={zoom} /> : null}
            <label className="field__label" htmlFor="rec-page-input">
              {p.page}
            </label>
            <input
              id="rec-page-input"
              className="field__input rec-viewer__pageinput"
              type="number"
              name="page"
              inputMode="numeric"
              min={1}
              max={pageCount}
              step={1}
              required
              value={pageInput}
              onChange={(event) => setPageInput(event.currentTarget.value)}
              aria-invalid={pageError ? true : undefined}
              aria-describedby={pageError ? "rec-page-error" : undefined}
            />
            <span className="rec-viewer__total">{p.pageOf(pageCount)}</span>
            <button type="submit" className="btn btn--secondary btn--sm">
              {t.ui.goToPage}
            </button>
            {pageError ? (
              <p id="rec-page-error" className="field__error" role="alert">
                {pageError}
              </p>
            ) : null}
          </Form>
          <ArrowLink href={page < pageCount ? at({ page: page + 1 }) : null} label={p.nextPage}>
            ›
          </ArrowLink>
        </div>

        {readablePages ? <ViewToggle textView={textView} textHref={at({ vista: "texto" })} pageHref={at({ vista: null })} /> : null}

        {hydrated && !small && !textView ? (
          <div className="rec-viewer__zoom" role="group" aria-label={t.ui.zoomLevel(zoom)}>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={p.zoomOut}
              aria-disabled={zoom <= ZOOM_MIN || undefined}
              onClick={() => zoom > ZOOM_MIN && go({ zoom: clampZoom(zoom - ZOOM_STEP) })}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output className="rec-viewer__zoomvalue" aria-live="polite">
              {Math.round(zoom * 100)}%
            </output>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={p.zoomIn}
              aria-disabled={zoom >= ZOOM_MAX || undefined}
              onClick={() => zoom < ZOOM_MAX && go({ zoom: clampZoom(zoom + ZOOM_STEP) })}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        ) : null}

        {hydrated ? (
          <DownloadButton doc={doc} onFail={() => fail("downloadFailed", true)} />
        ) : (
          <a className="btn btn--secondary" href={downloadHref(doc.fileId, doc.name)}>
            {p.download}
          </a>
        )}
      </div>

      {textView ? (
        <div className="rec-viewer__stage">
          <PageTextView state={text ?? { ok: false }} page={page} pageCount={pageCount} />
        </div>
      ) : hydrated ? (
        <PageCanvas key={doc.fileId} doc={doc} page={page} zoom={zoom} small={small} onFail={() => fail("previewFailed")} />
      ) : !readablePages ? (
        // Without JavaScript and no pages drawn by the backend: the document itself, downloaded.
        <div className="rec-viewer__stage">
          <p>
            {readable.downloadToRead} <a href={downloadHref(doc.fileId, doc.name)}>{t.ui.downloadOf(doc.name)}</a>
          </p>
        </div>
      ) : (
        // Without JavaScript: the page drawn on the server (no PDF viewer needed), its text a link away.
        <div className="rec-viewer__stage">
          <PageImage fileId={doc.fileId} page={page} pageCount={pageCount} name={doc.name}>
            {readable.imageNote} <a href={downloadHref(doc.fileId, doc.name)}>{t.ui.downloadOf(doc.name)}</a>
          </PageImage>
        </div>
      )}
    </Modal>
  );
}
