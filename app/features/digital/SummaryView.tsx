import { Form, useLocation, useRevalidator } from "@remix-run/react";
import { Link } from "~/ui/Link";
import { dispositionName } from "@common/file-names";
import type { MouseEvent } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Communication, HistoryEntry } from "~/api/digital.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { common } from "~/lib/messages/common";
import { digital } from "~/lib/messages/digital";
import { EmptyState, LinkButton, OmittedNotice, SubmitButton, TimesInUtc } from "~/ui";
import { DataTable } from "~/ui/DataTable";
import { SummaryCard } from "./SummaryCard";
import { allDownloaded } from "./archive-rule";
import { ConcernsLinks } from "~/features/thread/ConcernsLinks";

const T = digital.summary;

export function fileHref(code: string, fileId: string, archived: boolean, name: string) {
  const q = new URLSearchParams({ code, file: fileId, name });
  if (archived) q.set("from", "archive");
  return `/resources/digital/file?${q}`;
}

/**
 * With JavaScript the file is fetched, handed to the browser as a download and the summary is
 * reloaded (it is now downloaded and seen); on any failure the plain link is followed, whose
 * resource route answers with the error toast. Without JavaScript the link downloads directly.
 */
function useDownload() {
  const revalidator = useRevalidator();
  return async (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    try {
      const response = await fetch(href, { credentials: "same-origin", headers: { Accept: "application/pdf,*/*" } });
      const type = response.headers.get("content-type") ?? "";
      if (!response.ok || type.includes("text/html")) throw new Error("download failed");
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      // The name the portal gave the file, with the extension of the type it decided (issue 36).
      a.download = dispositionName(response.headers.get("content-disposition")) ?? name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      revalidator.revalidate();
    } catch {
      window.location.assign(href);
    }
  };
}

export type MessageBody = { html: string } | { text: string };

export function SummaryView({
  communication: c,
  history,
  message,
  linkable,
  archivedView,
}: {
  communication: Communication;
  history: HistoryEntry[];
  /** The message, sanitised on the server when it carries markup (app/lib/rich-text.server.ts). */
  message: MessageBody;
  /** The enabled modules a concerned procedure or record may link into. */
  linkable: { procedures: boolean; records: boolean };
  archivedView: boolean;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const historyHidden = params.get("history") === "hide";
  const toggle = new URLSearchParams(params);
  if (historyHidden) toggle.delete("history");
  else toggle.set("history", "hide");
  const download = useDownload();
  const ready = allDownloaded(c);
  const back = c.archived ? "/digital/archive" : "/digital";

  return (
    <SummaryCard
      headingId="dd-subject"
      heading={c.subject}
      facts={[
        [T.to, c.recipient ?? ""],
        [T.from, c.client],
        [T.received, formatDateTime(c.created_at)],
        [T.notifiedByOffice, c.notified ? `${T.yes}${c.date_notified ? ` (${formatDate(c.date_notified)})` : ""}` : T.no],
        [T.number, c.code],
      ]}
    >
      <TimesInUtc />
      <ConcernsLinks communication={c} linkable={linkable} />

      <h3 className="dd-summary__heading">{T.files}</h3>
      <OmittedNotice count={c.omittedFiles} noun="file" />
      {c.files.length === 0 ? (
        <p className="text-muted">{T.noFiles}</p>
      ) : (
        <ul className="dd-files">
          {c.files.map((f) => (
            <li key={f.id} className="dd-files__item">
              <span className="dd-files__name">{f.file_name}</span>
              {f.downloaded ? <span className="badge dd-files__done">{T.downloaded}</span> : null}
              <a
                className="btn btn--secondary btn--sm"
                href={fileHref(c.code, f.id, archivedView, f.file_name)}
                download={f.file_name}
                aria-label={T.downloadFile(f.file_name)}
                onClick={(e) => download(e, f.file_name)}
              >
                {T.download}
              </a>
            </li>
          ))}
        </ul>
      )}

      <h3 className="dd-summary__heading">{T.message}</h3>
      {"html" in message ? (
        <div className="dd-message dd-message--html" dangerouslySetInnerHTML={{ __html: message.html }} />
      ) : (
        <div className="dd-message">{message.text}</div>
      )}

      <div className="dd-summary__history-head">
        <h3 className="dd-summary__heading" id="dd-history-title">
          {T.history}
        </h3>
        <Link
          className="btn btn--ghost btn--sm"
          to={`${location.pathname}?${toggle}`}
          replace
          preventScrollReset
          aria-expanded={!historyHidden}
          aria-controls="dd-history"
        >
          {historyHidden ? T.showHistory : T.hideHistory}
        </Link>
      </div>
      <div id="dd-history" hidden={historyHidden}>
        {history.length === 0 ? (
          <EmptyState title={common.noInformation} />
        ) : (
          <DataTable
            className="table dd-table dd-history"
            caption={T.history}
            captionHidden
            rows={history}
            rowKey={(h, i) => `${h.date}-${i}`}
            columns={[
              { key: "date", header: T.historyDate, cell: (h) => formatDateTime(h.date) },
              { key: "description", header: T.historyDescription, cell: (h) => h.description },
              { key: "user", header: T.historyUser, cell: (h) => h.user },
            ]}
          />
        )}
      </div>

      <div className="cluster dd-summary__actions">
        <LinkButton to={back} variant="secondary">
          {T.back}
        </LinkButton>
        <Form method="post">
          <AuthenticityTokenInput />
          <input type="hidden" name="code" value={c.code} />
          <SubmitButton
            name="intent"
            value={c.archived ? "recover" : "archive"}
            disabled={!ready}
            aria-describedby={ready ? undefined : "dd-archive-hint"}
          >
            {c.archived ? T.recover : T.archive}
          </SubmitButton>
        </Form>
      </div>
      {ready ? null : (
        <p id="dd-archive-hint" className="field__hint dd-summary__hint">
          {c.archived ? digital.recoverDisabledHint : digital.archiveDisabledHint}
        </p>
      )}
    </SummaryCard>
  );
}
