import { Link } from "./Link";
import { common } from "../lib/messages/common";
import { clampPage, pageWindow } from "../lib/paginate";

export interface PaginatorProps {
  /** Current page (1-based; clamped into 1…lastPage). */
  page: number;
  /** Last page (the API's last_page). Nothing is rendered when it is 1 or less. */
  lastPage: number;
  /** URL of a page, keeping the other query values (tab, search, sort…). */
  hrefFor: (page: number) => string;
  /** Accessible name of the <nav>, e.g. 'Paginación de trámites'. Default 'Paginación'. */
  label?: string;
  className?: string;
}

/**
 * Page links (spec section 9 window: see `pageWindow`). Plain links, so it works without
 * JavaScript; the current page carries aria-current="page"; 'Anterior' / 'Siguiente' at the ends
 * become non-link spans with aria-disabled="true".
 */
export function Paginator({ page, lastPage, hrefFor, label = common.paginator.label, className }: PaginatorProps) {
  const last = Math.max(1, Math.floor(lastPage) || 1);
  if (last <= 1) return null;
  const current = clampPage(page, last);
  const items = pageWindow(current, last);
  const t = common.paginator;

  return (
    <nav className={["paginator", className].filter(Boolean).join(" ")} aria-label={label}>
      <ul className="paginator__list">
        <li className="paginator__item paginator__item--prev">
          {current > 1 ? (
            <Link className="paginator__link" to={hrefFor(current - 1)} rel="prev">
              <span aria-hidden="true">‹ </span>
              {t.previous}
            </Link>
          ) : (
            <span className="paginator__link" aria-disabled="true">
              <span aria-hidden="true">‹ </span>
              {t.previous}
            </span>
          )}
        </li>
        {items.map((item, index) =>
          item === "ellipsis" ? (
            <li key={`ellipsis-${index}`} className="paginator__item paginator__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item} className="paginator__item">
              <Link
                className="paginator__link paginator__page"
                to={hrefFor(item)}
                aria-label={t.page(item)}
                aria-current={item === current ? "page" : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li className="paginator__item paginator__item--next">
          {current < last ? (
            <Link className="paginator__link" to={hrefFor(current + 1)} rel="next">
              {t.next}
              <span aria-hidden="true"> ›</span>
            </Link>
          ) : (
            <span className="paginator__link" aria-disabled="true">
              {t.next}
              <span aria-hidden="true"> ›</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
