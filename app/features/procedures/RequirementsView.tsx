import type { SerializeFrom } from "@remix-run/node";
import { Form, useActionData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Link } from "~/ui/Link";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { formatCuil, orNoData } from "~/lib/person";
import { formatDate, formatTime } from "~/lib/dates";
import { common } from "~/lib/messages/common";
import { furniture } from "~/lib/messages/furniture";
import { procedures as t } from "~/lib/messages/procedures";
import { Checkbox, ErrorSummary, LinkButton, Modal, RichText, SkeletonRows, SubmitButton, TimesInUtc, useHydrated } from "~/ui";
import { Breadcrumbs } from "~/ui/Breadcrumbs";
import { DataTable } from "~/ui/DataTable";
import type { loadRequirements, requirementsAction } from "./requirements.server";
import { requirementsHref } from "./url";

/** A procedure's requirements (/procedures/available/requirements): what it asks, the documents, the citizen's data, the terms and 'Iniciar trámite'. */
export function RequirementsView({ data }: { data: SerializeFrom<typeof loadRequirements> }) {
  const { procedureId, type, requirements: r, docs, showTerms, termsText, citizenIdUrl } = data;
  const actionData = useActionData<typeof requirementsAction>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const [accepted, setAccepted] = useState(false);
  const navigate = useNavigate();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname.replace(/\/$/, "") === "/procedures/available/requirements" &&
    new URLSearchParams(navigation.location.search).get("procedure") !== new URLSearchParams(location.search).get("procedure");
  const termsError = actionData?.termsError ?? null;
  const self = requirementsHref(procedureId, type);
  const person = r.citizenData;
  const phone = person?.phone ? common.phone(person.phone.code, person.phone.number) : (person?.telephone_number ?? null);
  const table = docs.length ? docs : r.initialDocuments;

  if (loading) return <SkeletonRows count={14} />;

  return (
    <section aria-labelledby="page-title" className="proc-req">
      <Breadcrumbs
        items={[
          { label: furniture.routeLabels.procedures, to: "/procedures" },
          { label: furniture.routeLabels.available, to: "/procedures/available" },
          { label: furniture.routeLabels.requirements },
        ]}
      />
      {termsError ? <ErrorSummary errors={[{ fieldId: "accept-terms", message: termsError }]} /> : null}
      <div className="page-head">
        <h1 id="page-title" className="page-title">
          {r.procedureDescription}
        </h1>
      </div>

      <div className="card stack">
        <h2 className="section-title">{t.requirements.title}</h2>
        {r.procedureExplanation ? <p>{r.procedureExplanation}</p> : null}
        {r.procedureInformationUrl ? (
          <p>
            <a href={r.procedureInformationUrl} target="_blank" rel="noreferrer">
              {t.requirements.moreInformation} <span className="visually-hidden">{common.opensInNewTab}</span>
            </a>
          </p>
        ) : null}
        {r.procedureRequirements.length ? (
          <>
            <h3>{t.ui.requirementsTitle}</h3>
            <ul>
              {r.procedureRequirements.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>

      <div className="card stack">
        <h2 className="section-title">{t.requirements.documentsTitle}</h2>
        {table.length ? (
          <DataTable
            rows={table}
            rowKey={(_, i) => i}
            columns={[
              { key: "name", header: t.ui.docName, cell: (d) => d.name },
              { key: "description", header: t.ui.docDescription, cell: (d) => d.description },
              { key: "required", header: t.ui.docRequired, cell: (d) => (d.required ? t.ui.yes : t.ui.no) },
            ]}
          />
        ) : (
          <p>{common.noInformation}</p>
        )}
      </div>

      <div className="card stack">
        <h2 className="section-title">{t.requirements.profileTitle}</h2>
        <dl className="summary-list">
          <div>
            <dt>{furniture.profile.name}</dt>
            <dd>{orNoData(person?.cn)}</dd>
          </div>
          <div>
            <dt>{furniture.profile.cuil}</dt>
            <dd>{orNoData(formatCuil(person?.cuil))}</dd>
          </div>
          <div>
            <dt>{furniture.profile.email}</dt>
            <dd>{orNoData(person?.email)}</dd>
          </div>
          <div>
            <dt>{furniture.profile.phone}</dt>
            <dd>{orNoData(phone)}</dd>
          </div>
        </dl>
        <p className="text-muted">
          {furniture.profile.updateNote}{" "}
          <a href={citizenIdUrl} target="_blank" rel="noreferrer">
            {furniture.profile.updateLink} <span className="visually-hidden">{common.opensInNewTab}</span>
          </a>
        </p>
      </div>

      {r.instances.length ? (
        <div className="card stack">
          <h2 className="section-title">{t.requirements.previousInstances}</h2>
          <TimesInUtc />
          <ul className="proc-req__instances">
            {r.instances.map((i) => (
              <li key={i.id} className="card">
                <p className="card__title">{i.procedureDescription ?? r.procedureDescription}</p>
                <p className="card__meta">
                  {i.cn} · {formatDate(i.createdAt)} {formatTime(i.createdAt)}
                </p>
                {i.dashboardLabel ? <p>{i.dashboardLabel}</p> : null}
                {i.completable ? (
                  <LinkButton size="sm" to={`/procedures/available/chat/?instance=${encodeURIComponent(String(i.link ?? i.id))}`}>
                    {t.requirements.complete}
                  </LinkButton>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <Form method="post" action={`${self}`} className="card stack" replace>
        <AuthenticityTokenInput />
        <input type="hidden" name="intent" value="start" />
        {r.enabledProcedureAcceptedTerms ? (
          <div className="proc-req__terms">
            <Checkbox
              id="accept-terms"
              name="terms"
              label={t.requirements.acceptTerms}
              error={termsError}
              checked={hydrated ? accepted : undefined}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setAccepted(checked);
                // Ticking the box opens the terms (the link beside it does the same without JavaScript).
                if (checked) navigate(`${self}&modal=terminos`, { preventScrollReset: true, replace: true });
              }}
            />
            <Link to={`${self}&modal=terminos#terms-modal`} preventScrollReset>
              {t.ui.viewTerms}
            </Link>
          </div>
        ) : null}
        <div className="cluster">
          <SubmitButton disabled={hydrated && r.enabledProcedureAcceptedTerms && !accepted}>{t.requirements.start}</SubmitButton>
        </div>
      </Form>

      {showTerms && termsText ? (
        <Modal
          id="terms-modal"
          title={t.requirements.termsTitle}
          open
          closeHref={self}
          footer={
            <LinkButton variant="secondary" to={self} replace preventScrollReset>
              {common.actions.close}
            </LinkButton>
          }
        >
          <RichText body={termsText} className="proc-req__terms-text" />
        </Modal>
      ) : null}
    </section>
  );
}
