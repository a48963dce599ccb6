import { useRevalidator, useSearchParams } from "@remix-run/react";
import { Link } from "~/ui/Link";
import { useEffect } from "react";
import type { ExportStatus } from "~/api/export.server";
import { formatTime } from "~/lib/dates";
import { datos as D } from "~/lib/messages/datos";
import { sizes } from "~/lib/messages/sizes";
import { StartExportForm } from "./StartExportForm";
import { EXPORT_HREF, EXPORT_STATUS_HREF, EXPORT_STATUS_SECONDS, EXPORT_STATUS_STILL_HREF } from "./url";

const S = D.download.status;

/**
 * The status page of 'Descargar mis datos' (issue 32): what is happening from the first second.
 * While the file is prepared it says so (and, once it takes long, that an e-mail will say when it is
 * ready) and refreshes itself: without JavaScript by a refresh the browser does (inside `noscript`,
 * so a page with JavaScript never reloads), with it by reading its loader again; the status is a
 * polite live region, announced when it changes. It refreshes only while it says so, and a plain link
 * stops it (`?auto=0`, WCAG 2.2.1), leaving 'Actualizar ahora'. Ready, it offers the file; with
 * neither, the form that asks for it.
 */
export function ExportStatusView({ status }: { status: ExportStatus }) {
  const { revalidate } = useRevalidator();
  const auto = useSearchParams()[0].get("auto") !== "0";
  const refreshing = Boolean(status.building) && auto;
  useEffect(() => {
    if (!refreshing) return;
    const timer = setInterval(() => document.visibilityState === "visible" && revalidate(), EXPORT_STATUS_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [refreshing, revalidate]);
  const { ready, building, startedAt, mailWhenReady } = status;
  return (
    <section aria-labelledby="page-title" className="datos">
      <h1 id="page-title" className="page-title">
        {D.download.title}
      </h1>
      <div role="status" className="datos__download card">
        {ready ? (
          <p>{S.readyNow(sizes.bytes(ready.size), formatTime(ready.expiresAt))}</p>
        ) : building ? (
          <>
            <p>{D.download.building}</p>
            {startedAt ? <p>{S.startedAt(formatTime(startedAt))}</p> : null}
            {mailWhenReady ? <p>{S.mailWhenReady}</p> : null}
          </>
        ) : (
          <p>{S.none}</p>
        )}
      </div>
      {ready ? (
        <p>
          <a className="btn btn--primary" href={EXPORT_HREF} data-testid="datos-file">
            {S.file(sizes.bytes(ready.size))}
          </a>
        </p>
      ) : building ? (
        <>
          {refreshing ? (
            <noscript>
              <meta httpEquiv="refresh" content={String(EXPORT_STATUS_SECONDS)} />
            </noscript>
          ) : null}
          <p className="datos__note">{refreshing ? S.autoRefresh : S.stopped}</p>
          <p className="datos__actions">
            <Link to={refreshing ? EXPORT_STATUS_HREF : EXPORT_STATUS_STILL_HREF} className="btn btn--secondary">
              {S.refresh}
            </Link>
            <Link to={refreshing ? EXPORT_STATUS_STILL_HREF : EXPORT_STATUS_HREF} className="btn btn--ghost">
              {refreshing ? S.stopRefresh : S.resumeRefresh}
            </Link>
          </p>
        </>
      ) : (
        <StartExportForm />
      )}
      <p>
        <Link to="/datos" className="datos__back">
          {S.back}
        </Link>
      </p>
    </section>
  );
}
