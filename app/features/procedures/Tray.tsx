import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { AttachedDocument, HistoryEntry, Instance } from "~/api/procedures.server";
import { formatDate, formatDateTime, toIsoString } from "~/lib/dates";
import { common } from "~/lib/messages/common";
import { MAX_MESSAGE_LENGTH } from "~/lib/messages/constants";
import { procedures as t } from "~/lib/messages/procedures";
import { Badge, EmptyState, LinkButton, Modal, SubmitButton, TextArea, TimesInUtc } from "~/ui";
import { DataTable } from "~/ui/DataTable";
import { InstanceFilters } from "~/features/instances/Filters";
import { DEFAULT_SORT, trayHref, type TrayState } from "./url";
import { DownloadAllLink, procedureZipHref } from "~/features/download-all/DownloadAllLink";

const statusLabel = (status: string) => (common.documentStatus as Record<string, string>)[status.toLowerCase()] ?? status;

/** Portal resource route that streams a file from the API (`back` is where a failure returns to). */
export function downloadHref(file: { fileId: string; name: string }, back: string) {
  const params = new URLSearchParams({ file: file.fileId, name: file.name, back });
  return `/resources/procedures/download?${params.toString()}`;
}

export function TrayFilters({ state, defaultTab }: { state: TrayState; defaultTab: string }) {
  return (
    <InstanceFilters
      to="/procedures"
      prefix="proc"
      label={t.ui.filtersLabel}
      searchLabel={t.searchLabel}
      state={state}
      defaultTab={defaultTab}
      dates={state}
      sortClassName="proc-filters__sort"
    />
  );
}

export function InstanceCard({
  instance,
  state,
  defaultTab,
  related,
}: {
  instance: Instance;
  state: TrayState;
  defaultTab: string;
  /** decision 026: the communications about this procedure (app/features/thread) */
  related?: ReactNode;
}) {
  const here = trayHref(state, defaultTab);
  const modalHref = (modal: TrayState["modal"]) => `${trayHref({ ...state, modal, instance: instance.id }, defaultTab)}#proc-modal`;
  const has = (button: string) => instance.buttons.includes(button);
  const titleId = `instance-${instance.id}-title`;
  return (
    <li className="card proc-card" aria-labelledby={titleId}>
      <div className="proc-card__head">
        <h2 className="card__title proc-card__title" id={titleId}>
          {instance.title}
        </h2>
        {instance.currentState ? <Badge color={instance.currentState.color}>{instance.currentState.text}</Badge> : null}
      </div>
      {instance.hasAlert ? (
        <p className="proc-card__alert" role="note">
          <span aria-hidden="true">! </span>
          {t.alertLabel}
        </p>
      ) : null}
      {instance.description.length ? (
        <div className="card__body">
          {instance.description.map((line, i) => (
            <p key={i} className="proc-card__line">
              {line}
            </p>
          ))}
        </div>
      ) : null}
      <dl className="proc-card__data">
        {instance.payloadDescriptions.map((p, i) => (
          <div key={`${p.code ?? i}`}>
            <dt>{p.label}</dt>
            <dd>{p.value}</dd>
          </div>
        ))}
        <div>
          <dt>{t.createdOn}</dt>
          <dd>
            <time dateTime={toIsoString(instance.createdAt)}>{formatDate(instance.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t.updatedOn}</dt>
          <dd>
            <time dateTime={toIsoString(instance.arrivedOn)}>{formatDate(instance.arrivedOn)}</time>
          </dd>
        </div>
      </dl>
      {related}
      {/* The spaces keep the actions apart where no stylesheet applies (text browsers); the flex layout ignores them. */}
      <div className="card__actions proc-card__actions" role="group" aria-label={`${t.rowActionsLabel}: ${instance.title}`}>
        {has("edit") && instance.type === "interactive" ? (
          <LinkButton size="sm" to={`/procedures/chat/?instance=${encodeURIComponent(instance.id)}`}>
            {t.actions.edit}
          </LinkButton>
        ) : null}{" "}
        {has("history") ? (
          <LinkButton size="sm" variant="secondary" to={modalHref("historial")} preventScrollReset>
            {t.actions.history}
          </LinkButton>
        ) : null}{" "}
        {has("attachments") ? (
          <LinkButton size="sm" variant="secondary" to={modalHref("adjuntos")} preventScrollReset>
            {t.actions.attachments}
          </LinkButton>
        ) : null}{" "}
        {has("goToRecord") ? (
          <Form method="post" action="/procedures?index" className="proc-card__inline-form">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="goToRecord" />
            <input type="hidden" name="returnTo" value={here} />
            <SubmitButton size="sm" variant="secondary" name="instance" value={instance.id}>
              {t.actions.goToRecord}
            </SubmitButton>
          </Form>
        ) : null}{" "}
        {has("preview") ? (
          <LinkButton size="sm" variant="secondary" to={`/procedures/preview/?instance=${encodeURIComponent(instance.id)}`}>
            {t.actions.preview}
          </LinkButton>
        ) : null}{" "}
        {has("discard") ? (
          <LinkButton size="sm" variant="danger" to={modalHref("cancelar")} preventScrollReset>
            {t.actions.discard}
          </LinkButton>
        ) : null}
      </div>
    </li>
  );
}

export function EmptyTray() {
  return (
    <EmptyState
      title={t.emptyTray}
      action={
        <LinkButton to="/procedures/available" variant="primary">
          {t.newProcedure}
        </LinkButton>
      }
    />
  );
}

export function NoResults({ publicUrl }: { publicUrl: string }) {
  return (
    <EmptyState title={t.noResults}>
      <p>
        <a href={publicUrl} target="_blank" rel="noreferrer">
          {t.publicSiteLink} <span className="visually-hidden">{common.opensInNewTab}</span>
        </a>
      </p>
    </EmptyState>
  );
}

export function HistoryModal({
  entries,
  requested = {},
  closeHref,
  back,
}: {
  entries: HistoryEntry[];
  /** The requested document each file answered, by file id. */
  requested?: Record<string, string>;
  closeHref: string;
  back: string;
}) {
  return (
    <Modal id="proc-modal" title={t.modals.history} open closeHref={closeHref} size="lg">
      {entries.length === 0 ? (
        <p>{t.history.empty}</p>
      ) : (
        <DataTable
          rows={entries}
          rowKey={(_, i) => i}
          columns={[
            { key: "date", header: t.history.date, cell: (entry) => formatDateTime(entry.excutedOn) },
            { key: "user", header: t.history.user, cell: (entry) => entry.cn },
            { key: "action", header: t.history.action, cell: (entry) => entry.action },
            { key: "comment", header: t.history.comment, cell: (entry) => entry.comment },
            {
              key: "files",
              header: t.history.files,
              cell: (entry) =>
                entry.files.length ? (
                  <ul className="proc-files">
                    {entry.files.map((f) => (
                      <li key={f.fileId}>
                        <a href={downloadHref({ fileId: f.fileId, name: f.name }, back)} aria-label={t.ui.downloadFile(f.name)}>
                          {f.name}
                        </a>
                        {requested[f.fileId] ? <> {t.history.answered(requested[f.fileId])}</> : null}
                      </li>
                    ))}
                  </ul>
                ) : null,
            },
          ]}
        />
      )}
      {entries.length ? <TimesInUtc /> : null}
    </Modal>
  );
}

export function AttachmentsModal({
  docs,
  requested = {},
  closeHref,
  back,
  instanceId,
  archives = true,
}: {
  docs: AttachedDocument[];
  /** The requested document each file answered, by file id (a column only when some file has one). */
  requested?: Record<string, string>;
  closeHref: string;
  back: string;
  instanceId?: string;
  /** whether the backend offers 'Descargar todo' (decision 098) */
  archives?: boolean;
}) {
  return (
    <Modal id="proc-modal" title={t.modals.attachments} open closeHref={closeHref} size="lg">
      {instanceId && archives ? (
        <DownloadAllLink id="proc-download-all" href={procedureZipHref(instanceId, back)} count={docs.length} />
      ) : null}
      {docs.length === 0 ? (
        <p>{t.attachments.empty}</p>
      ) : (
        <DataTable
          rows={docs}
          rowKey={(doc) => doc.fileId}
          columns={[
            { key: "fileName", header: t.attachments.fileName, cell: (doc) => doc.fileName },
            ...(docs.some((doc) => requested[doc.fileId])
              ? [{ key: "requested", header: t.attachments.requested, cell: (doc: AttachedDocument) => requested[doc.fileId] ?? "" }]
              : []),
            { key: "date", header: t.attachments.date, cell: (doc) => formatDateTime(doc.createdAt) },
            { key: "status", header: t.attachments.status, cell: (doc) => statusLabel(doc.status) },
            {
              key: "download",
              header: common.actions.download,
              headerHidden: true,
              // No label on the phone's card: the button says 'Descargar' itself.
              label: null,
              cell: (doc) => (
                <a
                  className="btn btn--secondary btn--sm"
                  href={downloadHref({ fileId: doc.fileId, name: doc.fileName }, back)}
                  aria-label={t.ui.downloadFile(doc.fileName)}
                >
                  {common.actions.download}
                </a>
              ),
            },
          ]}
        />
      )}
      {docs.length ? <TimesInUtc /> : null}
    </Modal>
  );
}

export function CancelModal({
  instanceId,
  title,
  closeHref,
  error,
  reason,
}: {
  instanceId: string;
  title: string | null;
  closeHref: string;
  error?: string | null;
  /** what the citizen typed before a cancel that failed */
  reason?: string | null;
}) {
  return (
    <Modal id="proc-modal" title={t.modals.discard} open closeHref={closeHref} size="sm">
      <Form method="post" action="/procedures?index" className="stack" id="proc-cancel-form">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="discard" />
        <input type="hidden" name="instance" value={instanceId} />
        <input type="hidden" name="returnTo" value={closeHref} />
        {title ? <p className="proc-cancel__title">{t.ui.instanceOf(title)}</p> : null}
        <p>{t.discard.warning}</p>
        <TextArea
          id="proc-cancel-reason"
          name="message"
          label={t.discard.reasonLabel}
          maxLength={MAX_MESSAGE_LENGTH}
          error={error}
          defaultValue={reason ?? undefined}
        />
        <div className="cluster">
          <LinkButton variant="secondary" to={closeHref} replace preventScrollReset>
            {t.discard.keep}
          </LinkButton>
          <SubmitButton variant="danger" name="intent" value="discard">
            {t.discard.confirm}
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}

export { DEFAULT_SORT };
