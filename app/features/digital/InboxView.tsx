import { Form, useLocation } from "@remix-run/react";
import { Link } from "~/ui/Link";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Communication, CommunicationType, InboxResponse } from "~/api/digital.server";
import { formatDate } from "~/lib/dates";
import { common } from "~/lib/messages/common";
import { deadlines } from "~/lib/messages/deadlines";
import { digital } from "~/lib/messages/digital";
import { DueDate } from "~/features/deadlines/DueDate";
import { DateFilter } from "~/features/instances/DateFilter";
import { EmptyState, OmittedNotice, Paginator, Select, SubmitButton, Tabs, TextField, useDebouncedSubmit, useHydrated } from "~/ui";
import { SearchForm } from "~/ui/SearchBox";
import { SEALED_SEARCH } from "~/lib/search-param";
import { allDownloaded } from "./archive-rule";
import { DigitalHeader } from "./DigitalHeader";
import { InboxSort } from "./InboxSort";
import { DAY_KEYS, hasFilters, inboxHref, ORDER_LABELS, toggledOrder, type InboxState, type OrderKey } from "./query";

const T = digital;

export type InboxViewProps = {
  archived: boolean;
  /** the view state the loader read from the URL */
  state: InboxState;
  list: InboxResponse;
  types: CommunicationType[];
  counts: { all: number; unread: number };
};

function ArchiveIcon() {
  return (
    <svg className="dd-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M20.5 3h-17A1.5 1.5 0 0 0 2 4.5v3A1.5 1.5 0 0 0 3 8.9V19.5A1.5 1.5 0 0 0 4.5 21h15a1.5 1.5 0 0 0 1.5-1.5V8.9a1.5 1.5 0 0 0 1-1.4v-3A1.5 1.5 0 0 0 20.5 3ZM19 19H5V9h14v10Zm1-12H4V5h16v2Zm-11 4h6v2H9v-2Z"
      />
    </svg>
  );
}

/** A row's own action: 'Recuperar' in the archive (once every file is downloaded), archive in the inbox (once seen and downloaded). */
function RowAction({ communication: c, archived }: { communication: Communication; archived: boolean }) {
  const downloaded = allDownloaded(c);
  if (!archived && (!c.seen_date || !downloaded)) return null;
  return (
    <Form method="post">
      <AuthenticityTokenInput />
      <input type="hidden" name="code" value={c.code} />
      {archived ? (
        <SubmitButton
          name="intent"
          value="recover"
          variant="secondary"
          size="sm"
          disabled={!downloaded}
          aria-label={T.recoverRow(c.subject)}
          title={downloaded ? undefined : T.recoverDisabledHint}
        >
          {T.recover}
        </SubmitButton>
      ) : (
        <SubmitButton
          name="intent"
          value="archive"
          variant="ghost"
          size="sm"
          aria-label={T.archiveRow(c.subject)}
          title={T.archive}
          pendingLabel={<ArchiveIcon />}
        >
          <ArchiveIcon />
          {/* A word for clients without the stylesheet (text browsers), where the icon shows nothing. */}
          <span className="visually-hidden">{T.archive}</span>
        </SubmitButton>
      )}
    </Form>
  );
}

type Chip = { key: string; text: string; href: string };

function chipsOf(base: string, s: InboxState, types: CommunicationType[]): Chip[] {
  const F = T.filters;
  const chips: Chip[] = [];
  const add = (key: string, label: string, value: string, over: Partial<InboxState>) =>
    chips.push({ key, text: T.filterChip(label, value), href: inboxHref(base, s, over) });
  if (s.search) add("search", T.columns.subject, s.search, { search: "" });
  if (s.seen) add("seen", F.seen, s.seen === "true" ? F.seenOptions.seen : F.seenOptions.unseen, { seen: "" });
  if (s.client) add("client", F.client, s.client, { client: "" });
  if (s.type.length) add("type", F.type, s.type.map((id) => types.find((t) => t.id === id)?.text ?? id).join(", "), { type: [] });
  if (s.selected === "notify") add("selected", F.selected, F.selectedOptions.notify, { selected: "received" });
  if (s.created_since) add("created_since", F.createdSince, formatDate(`${s.created_since}T00:00:00Z`), { created_since: "" });
  if (s.created_until) add("created_until", F.createdUntil, formatDate(`${s.created_until}T00:00:00Z`), { created_until: "" });
  if (s.seen_since) add("seen_since", F.seenSince, formatDate(`${s.seen_since}T00:00:00Z`), { seen_since: "" });
  if (s.seen_until) add("seen_until", F.seenUntil, formatDate(`${s.seen_until}T00:00:00Z`), { seen_until: "" });
  return chips;
}

/** Hidden inputs that carry the rest of the view state through a GET form. */
function Keep({ state, omit }: { state: InboxState; omit: string[] }) {
  const entries: [string, string][] = [];
  const put = (k: string, v: string) => {
    if (v && !omit.includes(k)) entries.push([k, v]);
  };
  put("tab", state.tab === "unread" ? "unread" : "");
  // The words searched, sealed as the page's links carry them (decision 032).
  if (state.search && !omit.includes("search")) entries.push(state.sq ? [SEALED_SEARCH, state.sq] : ["search", state.search]);
  put("order", state.order === "-created_at" ? "" : state.order);
  put("seen", state.seen);
  put("client", state.client);
  put("type", state.type.join(","));
  put("selected", state.selected === "notify" ? "notify" : "");
  for (const k of DAY_KEYS) put(k, state[k]);
  return (
    <>
      {entries.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

export function InboxView({ archived, state, list, types, counts }: InboxViewProps) {
  const location = useLocation();
  const base = location.pathname.replace(/\/$/, "") || "/digital";
  const onSearchChange = useDebouncedSubmit();
  const hydrated = useHydrated();
  const [picked, setSelected] = useState<string[]>([]);
  const selected = picked.filter((code) => list.communications.some((c) => c.code === code));
  const chips = chipsOf(base, state, types);
  /** The filters past the first two, named in the '+n' chip. */
  const moreChips = chips
    .slice(2)
    .map((c) => c.text)
    .join(", ");
  const summaryBase = archived ? "/digital/archive/summary" : "/digital/summary";
  const F = T.filters;

  /** The columns the table sorts by (their headers are links that sort by them). */
  const sortable: OrderKey[] = ["subject", "client", "type", "created_at", "seen_date", "due_date"];

  return (
    <section className="dd" aria-labelledby="page-title">
      <DigitalHeader title={archived ? T.archivedTitle : T.title} />
      {archived ? (
        <p>
          <Link className="back-link" to="/digital">
            {T.backToInbox}
          </Link>
        </p>
      ) : null}

      <div className="dd-toolbar">
        <SearchForm to={archived ? "/digital/archive" : "/digital"} className="dd-search">
          <Keep state={state} omit={["search"]} />
          {state.filtersOpen ? <input type="hidden" name="filters" value="1" /> : null}
          {/* Not a TextField: the label sits over a row that pairs the box with its button, and Field's wrapper would break that row. */}
          <label className="field__label" htmlFor="dd-search">
            {T.searchLabel}
          </label>
          <div className="dd-search__row">
            <input
              id="dd-search"
              className="field__input"
              type="search"
              name="search"
              defaultValue={state.search}
              maxLength={200}
              onChange={onSearchChange}
              autoComplete="off"
            />
            <button type="submit" className="btn btn--secondary">
              {common.actions.search}
            </button>
          </div>
        </SearchForm>

        {/*
          Reading order: the advanced filters (about twenty controls) are sent only when asked for
          (`?filters=1`, a plain link), so a text browser or a screen reader reaches the list first.
        */}
        {state.filtersOpen ? (
          <details className="dd-filters" open>
            <summary className="btn btn--secondary">{T.advancedFilters}</summary>
            <Form method="get" action={base} className="dd-filters__form">
              <Keep
                state={state}
                omit={["seen", "client", "type", "selected", "created_since", "created_until", "seen_since", "seen_until"]}
              />
              <div className="dd-filters__grid">
                <Select
                  id="dd-f-seen"
                  name="seen"
                  label={F.seen}
                  defaultValue={state.seen}
                  options={[
                    { value: "", label: F.seenOptions.all },
                    { value: "true", label: F.seenOptions.seen },
                    { value: "false", label: F.seenOptions.unseen },
                  ]}
                />
                <TextField id="dd-f-client" name="client" label={F.client} defaultValue={state.client} maxLength={200} />
                {/* Not Field's: a group of checkboxes, which Field has no component for (one used by this form alone would weigh on every page). */}
                <fieldset className="field dd-filters__types" aria-describedby="dd-f-type-hint">
                  <legend className="field__label">{F.type}</legend>
                  <p className="field__hint" id="dd-f-type-hint">
                    {T.anyTypeHint}
                  </p>
                  {types.map((t) => (
                    <div className="checkbox__item" key={t.id}>
                      <input
                        className="checkbox__input"
                        type="checkbox"
                        id={`dd-f-type-${t.id}`}
                        name="type"
                        value={t.id}
                        defaultChecked={state.type.includes(t.id)}
                      />
                      <label className="checkbox__label" htmlFor={`dd-f-type-${t.id}`}>
                        {t.text}
                      </label>
                    </div>
                  ))}
                </fieldset>
                <Select
                  id="dd-f-selected"
                  name="selected"
                  label={F.selected}
                  defaultValue={state.selected}
                  options={[
                    { value: "received", label: F.selectedOptions.received },
                    { value: "notify", label: F.selectedOptions.notify },
                  ]}
                />
                {(
                  [
                    ["created_since", F.createdSince],
                    ["created_until", F.createdUntil],
                    ["seen_since", F.seenSince],
                    ["seen_until", F.seenUntil],
                  ] as const
                ).map(([name, label]) => (
                  <DateFilter
                    key={name}
                    id={`dd-f-${name}`}
                    name={name}
                    label={label}
                    value={state[name] || null}
                    invalid={state.invalidDays[name]}
                  />
                ))}
              </div>
              <div className="cluster">
                <button type="submit" className="btn btn--primary">
                  {T.applyFilters}
                </button>{" "}
                <Link
                  className="btn btn--ghost"
                  to={inboxHref(base, state, {
                    seen: "",
                    client: "",
                    type: [],
                    selected: "received",
                    created_since: "",
                    created_until: "",
                    seen_since: "",
                    seen_until: "",
                    filtersOpen: false,
                  })}
                >
                  {T.clearFilters}
                </Link>
              </div>
            </Form>
          </details>
        ) : (
          <Link
            className="btn btn--secondary dd-filters__open"
            to={inboxHref(base, state, { page: state.page, filtersOpen: true })}
            preventScrollReset
          >
            {T.advancedFilters}
          </Link>
        )}
      </div>

      {chips.length ? (
        <ul className="dd-chips" aria-label={T.activeFiltersLabel}>
          {chips.slice(0, 2).map((c) => (
            <li key={c.key}>
              <Link className="chip dd-chip" to={c.href} aria-label={T.removeFilter(c.text)} preventScrollReset>
                {c.text} <span aria-hidden="true">×</span>
              </Link>
            </li>
          ))}
          {chips.length > 2 ? (
            <li>
              <Link
                className="chip dd-chip dd-chip--more"
                to={inboxHref(base, state, { page: state.page, filtersOpen: true })}
                title={moreChips}
                preventScrollReset
              >
                {T.moreFilters(chips.length - 2)}
                <span className="visually-hidden"> ({moreChips})</span>
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}

      <div className="dd-tabs-row">
        <Tabs
          label={T.tabsLabel}
          tabs={[
            { key: "all", label: T.tabs.all(counts.all), href: inboxHref(base, state, { tab: "all" }), active: state.tab === "all" },
            {
              key: "unread",
              label: T.tabs.unread(counts.unread),
              href: inboxHref(base, state, { tab: "unread" }),
              active: state.tab === "unread",
              disabled: counts.unread === 0,
            },
          ]}
        />
        <InboxSort base={base} state={state} />
        {archived ? null : (
          <Link className="btn btn--ghost dd-archived-link" to="/digital/archive">
            {T.archivedLink}
          </Link>
        )}
      </div>

      {archived && list.communications.length > 0 ? (
        <Form method="post" id="dd-bulk" className="dd-bulk">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="recoverMany" />
          {!hydrated || selected.length > 1 ? (
            <SubmitButton name="intent" value="recoverMany" variant="primary">
              {T.recoverSelected}
            </SubmitButton>
          ) : null}
        </Form>
      ) : null}

      <OmittedNotice count={list.omitted} noun="communication" />
      {list.communications.length === 0 ? (
        <EmptyState title={hasFilters(state) ? T.empty.noResults : T.empty.emptyTray} />
      ) : (
        // Not a DataTable (~/ui/DataTable): measured with it (`npm run budgets`), /digital's own script goes from
        // 14.6 to 15.1 KB gzip (14,950 to 15,443 bytes; DataTable's chunk alone is 0.47 KB), past the 15 KB target
        // of decision 034. The markup below is the one DataTable makes (caption, th scope, aria-sort, data-label).
        <div className="table-wrap">
          <table className="table dd-table">
            <caption className="visually-hidden">{archived ? T.archivedTableCaption : T.tableCaption}</caption>
            <thead>
              <tr>
                {archived ? (
                  <th scope="col">
                    <span className="visually-hidden">{T.recoverSelected}</span>
                  </th>
                ) : null}
                {sortable.map((key) => {
                  const sorted = state.orderKey === key;
                  return (
                    <th key={key} scope="col" aria-sort={sorted ? (state.desc ? "descending" : "ascending") : undefined}>
                      <Link className="dd-sort" to={inboxHref(base, state, { order: toggledOrder(state, key) })} preventScrollReset>
                        {ORDER_LABELS[key]}
                        <span className="visually-hidden">{sorted ? `, ${state.desc ? T.sortedDescending : T.sortedAscending}` : ""}</span>
                        <span className="dd-sort__icon" aria-hidden="true">
                          {sorted ? (state.desc ? "▼" : "▲") : "↕"}
                        </span>
                      </Link>
                    </th>
                  );
                })}
                <th scope="col">{T.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {list.communications.map((c) => {
                const unseen = !c.seen_date;
                return (
                  <tr key={c.code} className={unseen ? "dd-row dd-row--unseen" : "dd-row"}>
                    {archived ? (
                      <td className="dd-cell--check">
                        {/* Not a Field: a checkbox per row picks what to recover (with the bulk form), labelled by the subject. */}
                        <input
                          type="checkbox"
                          className="checkbox__input"
                          name="code"
                          value={c.code}
                          form="dd-bulk"
                          aria-label={T.selectCommunication(c.subject)}
                          onChange={(e) => {
                            const checked = e.currentTarget.checked;
                            setSelected((prev) => (checked ? [...prev, c.code] : prev.filter((x) => x !== c.code)));
                          }}
                        />
                      </td>
                    ) : null}
                    <td data-label={T.columns.subject}>
                      <Link className="dd-subject" to={`${summaryBase}?code=${encodeURIComponent(c.code)}`}>
                        {unseen ? (
                          <>
                            <span className="dd-dot" aria-hidden="true" />
                            <span className="visually-hidden">{T.unseen}: </span>
                          </>
                        ) : null}
                        {c.subject}
                      </Link>
                    </td>
                    <td data-label={T.columns.client}>{c.client}</td>
                    <td data-label={T.columns.type}>{c.type.text}</td>
                    <td data-label={T.columns.createdAt}>{formatDate(c.created_at)}</td>
                    <td data-label={T.columns.seenDate}>{c.seen_date ? formatDate(c.seen_date) : <span aria-label={T.unseen}>—</span>}</td>
                    <td data-label={deadlines.column}>
                      {c.due_date ? (
                        <DueDate due={c.due_date} />
                      ) : (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="visually-hidden">{deadlines.none}</span>
                        </>
                      )}
                    </td>
                    <td data-label={T.columns.actions} className="dd-cell--actions">
                      <RowAction communication={c} archived={archived} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <Paginator page={state.page} lastPage={list.last_page} hrefFor={(page) => inboxHref(base, state, { page })} />
    </section>
  );
}
