import type { ExportStatus } from "~/api/export.server";
import { formatDateTime, formatTime } from "~/lib/dates";
import { datos as D } from "~/lib/messages/datos";
import { sizes } from "~/lib/messages/sizes";
import { StartExportForm } from "./StartExportForm";
import { EXPORT_HREF, EXPORT_STATUS_HREF } from "./url";

/**
 * 'Descargar mis datos' (decision 073): what the ZIP holds, what it costs, and the way to it. A file
 * ready within the hour is a plain link to the resource route that streams it at once (the browser
 * saves the attachment); otherwise the button posts to the status page, which starts the file and
 * says how it goes until it is ready (issue 32). The same with and without JavaScript. Shown only
 * when the backend offers it.
 */
export function DownloadMyData({ status }: { status: ExportStatus }) {
  return (
    <section aria-labelledby="datos-download-title" className="datos__download card">
      <h2 id="datos-download-title">{D.download.title}</h2>
      <p>{D.download.intro}</p>
      <p id="datos-download-hint" className="datos__note">
        {D.download.hint}
      </p>
      {status.ready ? (
        <p>
          {D.download.ready(formatDateTime(status.ready.createdAt), sizes.bytes(status.ready.size), formatTime(status.ready.expiresAt))}
        </p>
      ) : status.building ? (
        <p>{D.download.building}</p>
      ) : null}
      {status.ready ? (
        <p>
          <a className="btn btn--primary" href={EXPORT_HREF} aria-describedby="datos-download-hint" data-testid="datos-download">
            {D.download.link}
          </a>
        </p>
      ) : status.building ? (
        <p>
          <a className="btn btn--primary" href={EXPORT_STATUS_HREF}>
            {D.download.follow}
          </a>
        </p>
      ) : (
        <StartExportForm describedBy="datos-download-hint" />
      )}
    </section>
  );
}
