import { Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import type { ExportStatus } from "~/api/export.server";
import { formatTime } from "~/lib/dates";
import { datos as D } from "~/lib/messages/datos";
import { sizes } from "~/lib/messages/sizes";
import { StartExportForm } from "./StartExportForm";
import { EXPORT_HREF, EXPORT_STATUS_HREF, EXPORT_STATUS_SECONDS } from "./url";

const S = D.download.status;

/**
 * The status page of 'Descargar mis datos' (issue 32): what is happening from the first second.
 * While the file is prepared it says so (and, once it takes long, that an e-mail will say when it is
 * ready) and refreshes itself: without JavaScript by a refresh the browser does (inside `noscript`,
 * so a page with JavaScript never reloads), with it by reading its loader again; the status is a
 * polite live region, announced when it changes. Ready, it offers the file; with neither, the form
 * that asks for it.
 */
export function ExportStatusView({ status }: { status: ExportStatus }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!status.building) return;
    const timer = setInterval(() => document.visibilityState === "visible" && revalidate(), EXPORT_STATUS_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [status.building, revalidate]);
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
          <noscript>
            <meta httpEquiv="refresh" content={String(EXPORT_STATUS_SECONDS)} />
          </noscript>
          <p className="datos__note">{S.autoRefresh}</p>
          <p>
            <Link to={EXPORT_STATUS_HREF} className="btn btn--secondary">
              {S.refresh}
            </Link>
          </p>
        </>
      ) : (
        <StartExportForm />
      )}
      <p>
        <Link to="/datos">{S.back}</Link>
      </p>
    </section>
  );
}
