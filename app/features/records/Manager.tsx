import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { IncorporatedDocument, PendingDocument, RecordHeader, SentDocument } from "~/api/records.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { common } from "~/lib/messages/common";
import { records as t } from "~/lib/messages/records";
import { paginateList, RECORD_DOCUMENTS_PAGE_SIZE } from "~/lib/paginate";
import { Badge, EmptyState, Modal, Paginator, SubmitButton, TextField, useDebouncedSubmit, useHydrated } from "~/ui";
import { downloadHref, filterIncorporated, type DocRef } from "./docs";
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

export function IncorporatedSection({ docs, state }: { docs: IncorporatedDocument[]; state: ManagerState }) {
  const onSearch = useDebouncedSubmit();
  const filtered = filterIncorporated(docs, state.q);
  const pageOf = paginateList(filtered, state.ipage, RECORD_DOCUMENTS_PAGE_SIZE);
  return (
    <section className="rec-section" aria-labelledby="rec-incorporated">
      <h3 id="rec-incorporated" className="rec-section__title">
        {m.incorporated}
      </h3>
      <Form method="get" action="/records/manager/" className="rec-search" role="search" aria-label={m.searchIncorporated}>
        <input type="hidden" name="file" value={state.file} />
        <TextField
          id="rec-doc-q"
          name="q"
          type="search"
          label={m.searchIncorporated}
          defaultValue={state.q}
          maxLength={200}
          onChange={onSearch}
        />
        <button type="submit" className="btn btn--secondary no-js-only">
          {common.actions.search}
        </button>
      </Form>
      {docs.length === 0 ? (
        <EmptyState title={m.empty.incorporated} />
      ) : filtered.length === 0 ? (
        <EmptyState title={t.ui.noIncorporatedMatches} />
      ) : (
        <>
          <div className="table-wrap">
            <table className="table rec-table">
              <caption className="visually-hidden">{m.incorporated}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.columns.order}</th>
                  <th scope="col">{m.columns.fileName}</th>
                  <th scope="col">{m.columns.description}</th>
                  <th scope="col">{m.columns.date}</th>
                  <th scope="col">{m.columns.user}</th>
                  <th scope="col">{m.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {pageOf.items.map((d) => {
                  const id = d.file.signedFileId;
                  return (
                    <tr key={`${d.id ?? id}`}>
                      <td data-label={m.columns.order}>
                        <span className="rec-order">{m.order(d.nroFolio ?? "")}</span>
                      </td>
                      <td data-label={m.columns.fileName}>{d.file.name}</td>
                      <td data-label={m.columns.description}>{d.spec.description}</td>
                      <td data-label={m.columns.date} className="rec-nowrap">
                        {formatDate(d.spec.date)}
                      </td>
                      <td data-label={m.columns.user}>{d.spec.user}</td>
                      <td data-label={m.columns.actions} className="rec-table__actions">
                        <RowLink
                          to={`${managerHref({ ...state, modal: "preview", set: "incorporated", doc: id, page: 1 })}#rec-modal`}
                          label={t.ui.previewOf(d.file.name)}
                        >
                          {m.preview}
                        </RowLink>
                        <a
                          className="btn btn--ghost btn--sm"
                          href={downloadHref(id, d.file.name)}
                          aria-label={t.ui.downloadOf(d.file.name)}
                        >
                          {m.download}
                        </a>
                        <RowLink
                          to={`${managerHref({ ...state, modal: "details", set: "incorporated", doc: id })}#rec-modal`}
                          label={t.ui.detailsOf(d.file.name)}
                        >
                          {m.details}
                        </RowLink>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Paginator
            page={pageOf.page}
            lastPage={pageOf.lastPage}
            label={t.ui.documentsPaginator(m.incorporated)}
            hrefFor={(ipage) => managerHref({ ...state, modal: null, sel: [], ipage })}
          />
        </>
      )}
    </section>
  );
}

export function SentSection({ docs, state }: { docs: SentDocument[]; state: ManagerState }) {
  const pageOf = paginateList(docs, state.spage, RECORD_DOCUMENTS_PAGE_SIZE);
  return (
    <section className="rec-section" aria-labelledby="rec-sent">
      <h3 id="rec-sent" className="rec-section__title">
        {m.sent}
      </h3>
      {docs.length === 0 ? (
        <EmptyState title={m.empty.sent} />
      ) : (
        <>
          <div className="table-wrap">
            <table className="table rec-table">
              <caption className="visually-hidden">{m.sent}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.columns.fileName}</th>
                  <th scope="col">{m.columns.date}</th>
                  <th scope="col">{m.columns.reference}</th>
                  <th scope="col">{m.columns.status}</th>
                  <th scope="col">{m.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {pageOf.items.map((d, i) => {
                  const id = d.file.id ?? d.spec.id ?? d.id ?? String(i);
                  return (
                    <tr key={id}>
                      <td data-label={m.columns.fileName}>{d.file.name}</td>
                      <td data-label={m.columns.date} className="rec-nowrap">
                        {formatDateTime(d.updated_at)}
                      </td>
                      <td data-label={m.columns.reference}>{d.spec.reference}</td>
                      <td data-label={m.columns.status}>
                        <Badge color={d.status.color}>{d.status.description}</Badge>
                      </td>
                      <td data-label={m.columns.actions} className="rec-table__actions">
                        <RowLink
                          to={`${managerHref({ ...state, modal: "preview", set: "sent", doc: id, page: 1 })}#rec-modal`}
                          label={t.ui.previewOf(d.file.name)}
                        >
                          {m.preview}
                        </RowLink>
                        <RowLink
                          to={`${managerHref({ ...state, modal: "details", set: "sent", doc: id })}#rec-modal`}
                          label={t.ui.detailsOf(d.file.name)}
                        >
                          {m.details}
                        </RowLink>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Paginator
            page={pageOf.page}
            lastPage={pageOf.lastPage}
            label={t.ui.documentsPaginator(m.sent)}
            hrefFor={(spage) => managerHref({ ...state, modal: null, sel: [], spage })}
          />
        </>
      )}
    </section>
  );
}

export function PendingSection({ docs, state }: { docs: PendingDocument[]; state: ManagerState }) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<string[]>(state.sel);
  const pageOf = paginateList(docs, state.ppage, RECORD_DOCUMENTS_PAGE_SIZE);
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...new Set([...current, id])] : current.filter((s) => s !== id)));
  // Selections on other client pages travel as hidden fields.
  const visible = new Set(pageOf.items.map((d) => d.spec.id));
  return (
    <section className="rec-section" aria-labelledby="rec-pending">
      <div className="rec-section__head">
        <h3 id="rec-pending" className="rec-section__title">
          {m.pending}
        </h3>
        <details className="rec-menu" data-popover="">
          <summary className="btn btn--secondary btn--sm">{m.actionsMenu}</summary>
          <ul className="rec-menu__list">
            <li>
              <Link className="rec-menu__item" to={`${managerHref({ ...state, modal: "upload", sel: [] })}#rec-modal`} preventScrollReset>
                {m.uploadNew}
              </Link>
            </li>
          </ul>
        </details>
      </div>
      {docs.length === 0 ? (
        <EmptyState title={m.empty.pending} />
      ) : (
        <Form method="get" action="/records/manager/" className="rec-pending-form" preventScrollReset>
          <input type="hidden" name="file" value={state.file} />
          <input type="hidden" name="modal" value="send" />
          {selected
            .filter((s) => !visible.has(s))
            .map((s) => (
              <input key={s} type="hidden" name="sel" value={s} />
            ))}
          <div className="table-wrap">
            <table className="table rec-table">
              <caption className="visually-hidden">{m.pending}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{m.sendDocuments}</span>
                  </th>
                  <th scope="col">{m.columns.fileName}</th>
                  <th scope="col">{m.columns.reference}</th>
                  <th scope="col">{m.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {pageOf.items.map((d) => (
                  <tr key={d.spec.id}>
                    <td data-label={m.sendDocuments}>
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
                    </td>
                    <td data-label={m.columns.fileName}>{d.file.name}</td>
                    <td data-label={m.columns.reference}>{d.spec.reference}</td>
                    <td data-label={m.columns.actions} className="rec-table__actions">
                      <RowLink
                        to={`${managerHref({ ...state, modal: "preview", set: "pending", doc: d.file.id, page: 1, sel: [] })}#rec-modal`}
                        label={t.ui.previewOf(d.file.name)}
                      >
                        {m.preview}
                      </RowLink>
                      <a
                        className="btn btn--ghost btn--sm"
                        href={downloadHref(d.file.id, d.file.name)}
                        aria-label={t.ui.downloadOf(d.file.name)}
                      >
                        {m.download}
                      </a>
                      <RowLink
                        to={`${managerHref({ ...state, modal: "delete", doc: d.spec.id, sel: [] })}#rec-modal`}
                        label={t.ui.deleteOf(d.file.name)}
                      >
                        {m.deletePending}
                      </RowLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Paginator
            page={pageOf.page}
            lastPage={pageOf.lastPage}
            label={t.ui.documentsPaginator(m.pending)}
            hrefFor={(ppage) => managerHref({ ...state, modal: null, sel: selected, ppage })}
          />
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
        </Form>
      )}
    </section>
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

export function SendModal({ docs, state }: { docs: PendingDocument[]; state: ManagerState }) {
  const closeHref = managerHref({ ...state, modal: null });
  const chosen = docs.filter((d) => state.sel.includes(d.spec.id));
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
