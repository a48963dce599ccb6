import { Form } from "@remix-run/react";
import { Link } from "~/ui/Link";
import type { Access, AccessPage } from "~/api/accesses.server";
import type { ExportStatus } from "~/api/export.server";
import { formatDateTime } from "~/lib/dates";
import { datos as D } from "~/lib/messages/datos";
import { DataTable, type Column } from "~/ui/DataTable";
import { ErrorSummary, Select, TextField } from "~/ui/Field";
import { Paginator } from "~/ui/Paginator";
import { DigestNote } from "./DigestNote";
import { DownloadMyData } from "./DownloadMyData";
import { datosHref, itemHref, type DatosState } from "./url";

type Props = {
  page: AccessPage;
  /** 'Descargar mis datos': null when the backend does not offer it */
  exportStatus: ExportStatus | null;
  state: DatosState;
  errors: { fieldId: string; message: string }[];
  raw: { since: string; until: string; kind: string };
  filtered: boolean;
  /** the daily e-mail digest's switch, when the citizen can change it (decision 071) */
  digest?: boolean | null;
};

const errorOf = (errors: Props["errors"], id: string) => errors.find((e) => e.fieldId === id)?.message ?? null;

function ItemCell({ access }: { access: Access }) {
  const kind = D.kinds[access.kind] ?? access.kind;
  const label = access.kind === "contact" ? D.contactItem : (access.item.label ?? "");
  const href = itemHref(access.kind, access.item.ref);
  return (
    <>
      <span className="datos__kind">{kind}</span>{" "}
      {href ? (
        <Link to={href} aria-label={D.table.open(`${kind} ${label}`.trim())}>
          {label || kind}
        </Link>
      ) : (
        <span>{label}</span>
      )}
    </>
  );
}

/** The accesses' table: when, who, what, which action, why. */
const COLUMNS: readonly Column<Access>[] = [
  { key: "when", header: D.table.when, cell: (a) => <time dateTime={a.occurredAt}>{formatDateTime(a.occurredAt)}</time> },
  {
    key: "who",
    header: D.table.who,
    cell: (a) => (
      <>
        {a.operator.name}
        <br />
        <span className="datos__organismo">{a.operator.organismo}</span>
      </>
    ),
  },
  { key: "what", header: D.table.what, cell: (a) => <ItemCell access={a} /> },
  { key: "action", header: D.table.action, cell: (a) => D.actions[a.action] ?? D.otherAction },
  { key: "purpose", header: D.table.purpose, cell: (a) => a.purpose },
];

/** 'Tus datos': who in the administration read or changed the citizen's data (decision 071). */
export function DatosView({ page, exportStatus, state, errors, raw, filtered, digest = null }: Props) {
  const from = page.total === 0 ? 0 : (page.page - 1) * page.page_size + 1;
  const to = (page.page - 1) * page.page_size + page.accesses.length;
  return (
    <section aria-labelledby="page-title" className="datos">
      <h1 id="page-title" className="page-title">
        {D.title}
      </h1>
      <ErrorSummary errors={errors} />
      <p>{D.lawNote}</p>
      {exportStatus ? <DownloadMyData status={exportStatus} /> : null}

      <h2 className="datos__subtitle">{D.accessesTitle}</h2>
      <p>{D.intro}</p>
      {digest === null ? null : <DigestNote enabled={digest} />}

      <Form method="get" action="/datos" className="datos__filters">
        <fieldset>
          <legend>{D.filters.legend}</legend>
          <div className="datos__fields">
            {(["since", "until"] as const).map((name) => (
              <TextField
                key={name}
                id={`datos-${name}`}
                name={name}
                type="date"
                label={D.filters[name]}
                hint={D.filters.dateHint}
                defaultValue={raw[name]}
                error={errorOf(errors, `datos-${name}`)}
              />
            ))}
            <Select
              id="datos-kind"
              name="kind"
              label={D.filters.kind}
              defaultValue={raw.kind}
              error={errorOf(errors, "datos-kind")}
              placeholder={D.filters.anyKind}
              options={Object.entries(D.kinds).map(([value, label]) => ({ value, label }))}
            />
          </div>
          <div className="datos__actions">
            <button type="submit" className="btn btn--primary">
              {D.filters.apply}
            </button>{" "}
            {filtered ? (
              <Link to="/datos" className="btn btn--secondary">
                {D.filters.clear}
              </Link>
            ) : null}
          </div>
        </fieldset>
      </Form>

      {page.accesses.length === 0 ? (
        <p className="datos__empty">{filtered ? D.emptyFiltered : D.empty}</p>
      ) : (
        <DataTable
          className="datos__table"
          wrapClassName="datos__table-wrap"
          caption={D.table.caption(from, to, page.total)}
          columns={COLUMNS}
          rows={page.accesses}
          rowKey={(a) => a.id}
        />
      )}
      <Paginator page={page.page} lastPage={page.last_page} hrefFor={(n) => datosHref(state, { page: n })} label={D.paginatorLabel} />
    </section>
  );
}
