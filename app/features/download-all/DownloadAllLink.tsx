/**
 * 'Descargar todo (ZIP, N documentos)': a plain link to a resource route that streams the ZIP
 * (works the same with and without JavaScript; the browser saves the attachment itself,
 * nothing is held in the page's memory). The link text says what downloads.
 */
import { downloadAll as t } from "~/lib/messages/downloadAll";

export const recordZipHref = (recordId: string) => `/resources/records/download-all/${encodeURIComponent(recordId)}`;
export const procedureZipHref = (instanceId: string, back: string) =>
  `/resources/procedures/download-all/${encodeURIComponent(instanceId)}?back=${encodeURIComponent(back)}`;

export function DownloadAllLink({ href, count, id }: { href: string; count: number; id: string }) {
  if (count < 1) return null;
  return (
    <p className="download-all">
      <a className="btn btn--secondary btn--sm" href={href} aria-describedby={`${id}-hint`} data-testid="download-all">
        {t.link(count)}
      </a>
      <span id={`${id}-hint`} className="download-all__hint">
        {t.hint}
      </span>
    </p>
  );
}
