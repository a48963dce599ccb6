import { Form } from "@remix-run/react";
import { Link } from "~/ui/Link";
import { useState, type ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { IncorporatedDocument, PendingDocument, RecordHeader, SentDocument } from "~/api/records.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { common } from "~/lib/messages/common";
import { records as t } from "~/lib/messages/records";
import { Badge, EmptyState, Modal, Paginator, SubmitButton, TimesInUtc, useHydrated } from "~/ui";
import { SearchBox, SearchButton, SearchForm } from "~/ui/SearchBox";
import { DataTable, type DataTableProps } from "~/ui/DataTable";
import { downloadHref, sentId, type DocPage, type DocRef } from "./docs";
import { managerHref, withoutModal, type ManagerState } from "./url";

const m = t.manager;

export function ManagerTitle({ header }: { header: RecordHeader }) {
  return (
    <div className="page-head rec-manager__head">
      <h1 id="page-title" className="page-title">
        {m.fileNumber(header.code)}
      </h1>
      <Badge color={header.status.color}>{header.status.description}</Badge>
    </div>
  );
}

export function HeaderData({ header }: { header: RecordHeader }) {
  const associated = header.association?.associated_instance ?? [];
  return (
    <details className="rec-panel">
      <summary className="rec-panel__summary">
        <h2 className="rec-panel__title">{m.headerData}</h2>
      </summary>
      <div className="rec-panel__body">
        {header.header.length ? (
          <dl className="rec-data">
            {header.header.map((h, i) => (
              <div key={`${h.code ?? i}`} className="rec-data__row">
                <dt>{h.key}</dt>
                <dd>{h.value || common.noData}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <h3 className="rec-subtitle">{t.ui.associatedRecords}</h3>
        {associated.length ? (
          <ul className="rec-assoc">
            {associated.map((a, i) => {
              const type = (a.type ?? header.association?.type ?? "") as keyof typeof t.associationTypes;
              const label = t.associationTypes[type] ?? type;
              return (
                <li key={`${a.code}-${i}`}>
                  <span className="rec-assoc__type">{label}</span>{" "}
                  {a.id ? (
                    <Link to={managerHref({ file: a.id })} aria-label={t.ui.openAssociated(a.code)}>
                      {a.code}
                    </Link>
                  ) : (
                    <span>{a.code}</span>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="rec-empty">{m.noReferences}</p>
        )}
      </div>
    </details>
  );
}

function RowLink({ to, label, children }: { to: string; label: string; children: React.ReactNode }) {
  return (
    <Link className="btn btn--ghost btn--sm" to={to} aria-label={label} preventScrollReset>
      {children}
    </Link>
  );
}

/** A row's link that opens one of the manager's dialogs on this screen. */
const modalHref = (state: ManagerState, changes: Partial<ManagerState>) => `${managerHref({ ...state, ...changes })}#rec-modal`;

function DownloadLink({ id, name }: { id: string; name: string }) {
  return (
    <a className="btn btn--ghost btn--sm" href={downloadHref(id, name)} aria-label={t.ui.downloadOf(name)}>
      {m.download}
    </a>
  );
}

/**
 * One of the manager's document lists: its heading (and what stands beside it), what comes before
 * the table, then either the empty state or the table of the page the loader sent with its page
 * links (plain links to the same screen with that list's page, landing on the list's heading).
 */
function DocumentSection<T>({
  id,
  title,
  list,
  emptyTitle,
  rowKey,
  columns,
  pageHref,
  beside,
  before,
  around = (table) => table,
  children,
}: {
  id: string;
  title: string;
  list: DocPage<T>;
  /** The empty state's title when the list shows nothing (null: the table). */
  emptyTitle: string | null;
  rowKey: DataTableProps<T>["rowKey"];
  columns: DataTableProps<T>["columns"];
  pageHref: (page: number) => string;
  beside?: ReactNode;
  before?: ReactNode;
  /** What holds the table and its page links (the pending list's form). */
  around?: (table: ReactNode) => ReactNode;
  /** What follows the page links. */
  children?: ReactNode;
}) {
  const heading = (
    <h3 id={id} className="rec-section__title">
      {title}
    </h3>
  );
  return (
    <section className="rec-section" aria-labelledby={id}>
      {beside ? (
        <div className="rec-section__head">
          {heading}
          {beside}
        </div>
      ) : (
        heading
      )}
      {before}
      {emptyTitle !== null ? (
        <EmptyState title={emptyTitle} />
      ) : (
        around(
          <>
            <DataTable className="table rec-table" caption={title} captionHidden rows={list.items} rowKey={rowKey} columns={columns} />
            <Paginator
              page={list.page}
              lastPage={list.lastPage}
              label={t.ui.documentsPaginator(title)}
              hrefFor={(page) => `${pageHref(page)}#${id}`}
            />
            {children}
          </>,
        )
      )}
    </section>
  );
}

export function IncorporatedSection({ list, count, state }: { list: DocPage<IncorporatedDocument>; count: number; state: ManagerState }) {
  return (
    <DocumentSection
      id="rec-incorporated"
      title={m.incorporated}
      list={list}
      emptyTitle={count === 0 ? m.empty.incorporated : list.total === 0 ? t.ui.noIncorporatedMatches : null}
      before={
        <SearchForm to="/records/manager/" className="rec-search" label={m.searchIncorporated}>
          <input type="hidden" name="file" value={state.file} />
          {state.spage > 1 ? <input type="hidden" name="spage" value={state.spage} /> : null}
          {state.ppage > 1 ? <input type="hidden" name="ppage" value={state.ppage} /> : null}
          <SearchBox id="rec-doc-q" label={m.searchIncorporated} defaultValue={state.q} />
          <SearchButton />
        </SearchForm>
      }
      rowKey={(d) => `${d.id ?? d.file.signedFileId}`}
      columns={[
        { key: "order", header: m.columns.order, cell: (d) => <span className="rec-order">{m.order(d.nroFolio ?? "")}</span> },
        { key: "fileName", header: m.columns.fileName, cell: (d) => d.file.name },
        { key: "description", header: m.columns.description, cell: (d) => d.spec.description },
        { key: "date", header: m.columns.date, className: "rec-nowrap", cell: (d) => formatDate(d.spec.date) },
        { key: "user", header: m.columns.user, cell: (d) => d.spec.user },
        {
          key: "actions",
          header: m.columns.actions,
          className: "rec-table__actions",
          cell: (d) => {
            const id = d.file.signedFileId;
            return (
              <>
                <RowLink
                  to={modalHref(state, { modal: "preview", set: "incorporated", doc: id, page: 1 })}
                  label={t.ui.previewOf(d.file.name)}
                >
                  {m.preview}
                </RowLink>
                <DownloadLink id={id} name={d.file.name} />
                <RowLink to={modalHref(state, { modal: "details", set: "incorporated", doc: id })} label={t.ui.detailsOf(d.file.name)}>
                  {m.details}
                </RowLink>
              </>
            );
          },
        },
      ]}
      pageHref={(ipage) => managerHref({ ...state, modal: null, sel: [], ipage })}
    />
  );
}

export function SentSection({ list, state }: { list: DocPage<SentDocument>; state: ManagerState }) {
  // A sent document without ids is known by its place in the whole list (docs.ts).
  const idOf = (d: SentDocument, i: number) => sentId(d, list.offset + i);
  return (
    <DocumentSection
      id="rec-sent"
      title={m.sent}
      list={list}
      emptyTitle={list.total === 0 ? m.empty.sent : null}
      rowKey={idOf}
      columns={[
        { key: "fileName", header: m.columns.fileName, cell: (d) => d.file.name },
        { key: "date", header: m.columns.date, className: "rec-nowrap", cell: (d) => formatDateTime(d.updated_at) },
        { key: "reference", header: m.columns.reference, cell: (d) => d.spec.reference },
        { key: "status", header: m.columns.status, cell: (d) => <Badge color={d.status.color}>{d.status.description}</Badge> },
        {
          key: "actions",
          header: m.columns.actions,
          className: "rec-table__actions",
          cell: (d, i) => (
            <>
              {/* Only a document whose file the backend names can be shown (decision 098). */}
              {d.file.id ? (
                <RowLink
                  to={modalHref(state, { modal: "preview", set: "sent", doc: idOf(d, i), page: 1 })}
                  label={t.ui.previewOf(d.file.name)}
                >
                  {m.preview}
                </RowLink>
              ) : null}
              <RowLink to={modalHref(state, { modal: "details", set: "sent", doc: idOf(d, i) })} label={t.ui.detailsOf(d.file.name)}>
                {m.details}
              </RowLink>
            </>
          ),
        },
      ]}
      pageHref={(spage) => managerHref({ ...state, modal: null, sel: [], spage })}
    >
      <TimesInUtc />
    </DocumentSection>
  );
}

export function PendingSection({ list, state }: { list: DocPage<PendingDocument>; state: ManagerState }) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<string[]>(state.sel);
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...new Set([...current, id])] : current.filter((s) => s !== id)));
  // Selections on other pages travel as hidden fields.
  const visible = new Set(list.items.map((d) => d.spec.id));
  return (
    <DocumentSection
      id="rec-pending"
      title={m.pending}
      list={list}
      emptyTitle={list.total === 0 ? m.empty.pending : null}
      beside={
        <details className="rec-menu" data-popover="">
          <summary className="btn btn--secondary btn--sm">{m.actionsMenu}</summary>
          <ul className="rec-menu__list">
            <li>
              <Link className="rec-menu__item" to={modalHref(state, { modal: "upload", sel: [] })} preventScrollReset>
                {m.uploadNew}
              </Link>
            </li>
          </ul>
        </details>
      }
      around={(table) => (
        <Form method="get" action="/records/manager/" className="rec-pending-form" preventScrollReset>
          <input type="hidden" name="file" value={state.file} />
          <input type="hidden" name="modal" value="send" />
          {selected
            .filter((s) => !visible.has(s))
            .map((s) => (
              <input key={s} type="hidden" name="sel" value={s} />
            ))}
          {table}
        </Form>
      )}
      rowKey={(d) => d.spec.id}
      columns={[
        {
          key: "select",
          header: m.sendDocuments,
          headerHidden: true,
          // A checkbox per row picks what to send: its label is the document's name (aria-label), not a Field's.
          cell: (d) => (
            <input
              type="checkbox"
              className="rec-check"
              name="sel"
              value={d.spec.id}
              id={`sel-${d.spec.id}`}
              aria-label={m.selectDocument(d.file.name)}
              checked={hydrated ? selected.includes(d.spec.id) : undefined}
              defaultChecked={hydrated ? undefined : state.sel.includes(d.spec.id)}
              onChange={(event) => toggle(d.spec.id, event.currentTarget.checked)}
            />
          ),
        },
        { key: "fileName", header: m.columns.fileName, cell: (d) => d.file.name },
        { key: "reference", header: m.columns.reference, cell: (d) => d.spec.reference },
        {
          key: "actions",
          header: m.columns.actions,
          className: "rec-table__actions",
          cell: (d) => (
            <>
              <RowLink
                to={modalHref(state, { modal: "preview", set: "pending", doc: d.file.id, page: 1, sel: [] })}
                label={t.ui.previewOf(d.file.name)}
              >
                {m.preview}
              </RowLink>
              <DownloadLink id={d.file.id} name={d.file.name} />
              <RowLink to={modalHref(state, { modal: "delete", doc: d.spec.id, sel: [] })} label={t.ui.deleteOf(d.file.name)}>
                {m.deletePending}
              </RowLink>
            </>
          ),
        },
      ]}
      pageHref={(ppage) => managerHref({ ...state, modal: null, sel: selected, ppage })}
    >
      <div className="rec-pending-form__actions">
        {hydrated ? (
          <span className="rec-selected" aria-live="polite">
            {selected.length ? t.ui.selectedCount(selected.length) : ""}
          </span>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={hydrated && selected.length === 0}>
          {m.sendDocuments}
        </button>
      </div>
    </DocumentSection>
  );
}

export function DetailsModal({ doc, closeHref }: { doc: DocRef; closeHref: string }) {
  return (
    <Modal
      id="rec-modal"
      title={t.detailsModal.title}
      open
      closeHref={closeHref}
      footer={
        <Link className="btn btn--secondary" to={closeHref} replace preventScrollReset>
          {t.detailsModal.close}
        </Link>
      }
    >
      <p className="rec-modal__doc">{doc.name}</p>
      {doc.details.length ? (
        <dl className="rec-data">
          {doc.details.map((d, i) => (
            <div key={i} className="rec-data__row">
              <dt>{d.label}</dt>
              <dd>{d.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="rec-empty">{t.detailsModal.empty}</p>
      )}
    </Modal>
  );
}

export function DeleteModal({ doc, state }: { doc: PendingDocument; state: ManagerState }) {
  const closeHref = withoutModal(state);
  return (
    <Modal id="rec-modal" title={t.deleteModal.title} open closeHref={closeHref} size="sm">
      <p className="rec-modal__doc">{doc.file.name}</p>
      <p>{t.deleteModal.warning}</p>
      <Form method="post" action={managerHref({ file: state.file })} className="rec-modal__actions">
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="doc" value={doc.spec.id} />
        <input type="hidden" name="returnTo" value={closeHref} />
        <Link className="btn btn--secondary" to={closeHref} replace preventScrollReset>
          {t.deleteModal.cancel}
        </Link>
        <SubmitButton variant="danger" pendingLabel={t.deleteModal.loading}>
          {t.deleteModal.confirm}
        </SubmitButton>
      </Form>
    </Modal>
  );
}

/** `chosen`: the pending documents of the URL's selection, whatever their page (the loader's). */
export function SendModal({ chosen, state }: { chosen: PendingDocument[]; state: ManagerState }) {
  const closeHref = managerHref({ ...state, modal: null });
  const n = chosen.length;
  return (
    <Modal id="rec-modal" title={n ? t.sendModal.title(n) : m.sendDocuments} open closeHref={closeHref} size="sm">
      {n === 0 ? (
        <p className="rec-empty">{t.sendModal.noneSelected}</p>
      ) : (
        <>
          <h3 className="rec-subtitle">{t.ui.toSend}</h3>
          <ul className="rec-modal__list">
            {chosen.map((d) => (
              <li key={d.spec.id}>{d.file.name}</li>
            ))}
          </ul>
          <p>{t.sendModal.warning}</p>
          <Form method="post" action={managerHref({ file: state.file })} className="rec-modal__actions">
            <AuthenticityTokenInput />
            <input type="hidden" name="intent" value="send" />
            {chosen.map((d) => (
              <input key={d.spec.id} type="hidden" name="sel" value={d.spec.id} />
            ))}
            <input type="hidden" name="returnTo" value={withoutModal(state)} />
            <Link className="btn btn--secondary" to={closeHref} replace preventScrollReset>
              {t.sendModal.cancel}
            </Link>
            <SubmitButton pendingLabel={t.sendModal.loading(n)}>{t.sendModal.confirm}</SubmitButton>
          </Form>
        </>
      )}
    </Modal>
  );
}
