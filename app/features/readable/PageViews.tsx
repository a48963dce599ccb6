/**
 * Documents anyone can read (decision 009), inside the record preview:
 * - `PageImage`: the page drawn on the server (no JavaScript, no PDF viewer, cheap phones),
 *   with `srcset` so a narrow screen loads the 480 px image;
 * - `PageTextView`: the page's extracted text as plain HTML paragraphs (React escapes it:
 *   text from a document is never markup);
 * - `ViewToggle`: 'Ver como texto' / 'Ver la página', a link (`?vista=texto`) that works with
 *   and without JavaScript.
 */
import { Link } from "~/ui/Link";
import type { PageText } from "~/api/renditions.server";
import { readable as t } from "~/lib/messages/readable";

export const imageHref = (fileId: string, page: number, width?: 480 | 800 | 1200) =>
  `/resources/records/image/${encodeURIComponent(fileId)}/${page}${width ? `?w=${width}` : ""}`;

export function PageImage({
  fileId,
  page,
  pageCount,
  name,
  children,
}: {
  fileId: string;
  page: number;
  pageCount: number;
  name: string;
  children?: React.ReactNode;
}) {
  return (
    <figure className="readable-page">
      <img
        className="readable-page__image"
        src={imageHref(fileId, page, 800)}
        srcSet={`${imageHref(fileId, page, 480)} 480w, ${imageHref(fileId, page, 800)} 800w, ${imageHref(fileId, page, 1200)} 1200w`}
        sizes="(max-width: 767.98px) 100vw, 800px"
        alt={t.pageImageAlt(page, pageCount, name)}
        data-page={page}
      />
      {children ? <figcaption className="readable-page__note">{children}</figcaption> : null}
    </figure>
  );
}

export type PageTextState = { ok: true; text: PageText } | { ok: false };

export function PageTextView({ state, page, pageCount }: { state: PageTextState; page: number; pageCount: number }) {
  const headingId = "readable-text-title";
  return (
    // A scrolling region: focusable so the keyboard can scroll it (WCAG 2.1.1).
    <div className="readable-text" role="region" aria-labelledby={headingId} tabIndex={0}>
      <h3 id={headingId} className="readable-text__title">
        {t.textTitle(page, pageCount)}
      </h3>
      {!state.ok ? (
        <p className="readable-text__empty" role="status">
          {t.textError}
        </p>
      ) : state.text.paragraphs.length === 0 ? (
        <p className="readable-text__empty">{state.text.source === "image" ? t.noTextImage : t.noTextScanned}</p>
      ) : (
        <>
          <p className="readable-text__note">{t.textNote}</p>
          <div className="readable-text__body">
            {state.text.paragraphs.map((lines, i) => (
              <p key={i}>
                {lines.map((line, j) => (
                  <span key={j}>
                    {j > 0 ? <br /> : null}
                    {line}
                  </span>
                ))}
              </p>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** 'Ver como texto' ⇄ 'Ver la página': a plain link to the other view of the same page. */
export function ViewToggle({ textView, textHref, pageHref }: { textView: boolean; textHref: string; pageHref: string }) {
  return (
    <Link className="btn btn--secondary btn--sm readable-toggle" to={textView ? pageHref : textHref} replace preventScrollReset>
      {textView ? t.viewPage : t.viewText}
    </Link>
  );
}
