import { Form, useLocation } from "@remix-run/react";
import { Link } from "~/ui/Link";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ModuleId } from "~/api/schemas";
import { furniture as T } from "~/lib/messages/furniture";
import type { ShellUser } from "~/lib/session.server";
import { firstWord, formatCuil, initials, orNoData } from "~/lib/person";

export type ShellProps = {
  tenant: string;
  user: ShellUser | null;
  modules: ModuleId[];
  citizenIdUrl: string;
  /** the backend offers 'Tus datos' (decision 071) */
  datos?: boolean;
  /** the backend offers receipts (decision 033; an extension, decision 098) */
  receipts?: boolean;
};

const MODULE_PATHS: Record<ModuleId, string> = { procedures: "/procedures", records: "/records", digital: "/digital" };
const MODULE_LABELS: Record<ModuleId, string> = { procedures: T.menu.procedures, records: T.menu.records, digital: T.menu.digital };
const MODULE_ORDER: ModuleId[] = ["procedures", "records", "digital"];

function ModuleLinks({ modules }: { modules: ModuleId[] }) {
  const { pathname } = useLocation();
  return (
    <ul className="module-menu__list">
      {MODULE_ORDER.filter((id) => modules.includes(id)).map((id) => {
        const active = pathname === MODULE_PATHS[id] || pathname.startsWith(`${MODULE_PATHS[id]}/`);
        return (
          <li key={id}>
            <Link to={MODULE_PATHS[id]} className="module-menu__link" aria-current={active ? "page" : undefined} prefetch="intent">
              {MODULE_LABELS[id]}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** 'Cerrar sesión': a plain form post (decision 032), in the header row at every width. */
function LogoutForm({ className, block }: { className?: string; block?: boolean }) {
  return (
    <Form method="post" action="/auth/logout" reloadDocument className={className}>
      <AuthenticityTokenInput />
      <button type="submit" className={block ? "btn btn--secondary btn--block" : "btn btn--secondary btn--sm"}>
        {T.profile.logout}
      </button>
    </Form>
  );
}

function ProfilePanel({
  user,
  citizenIdUrl,
  datos,
  receipts,
}: {
  user: ShellUser;
  citizenIdUrl: string;
  datos: boolean;
  receipts: boolean;
}) {
  return (
    <details className="profile-panel" data-popover>
      <summary className="profile-panel__toggle" aria-label={`${T.profile.toggle}: ${user.cn}`}>
        <span className="avatar" aria-hidden="true">
          {initials(user.cn)}
        </span>{" "}
        <span className="profile-panel__name">{firstWord(user.cn)}</span>
      </summary>
      <section className="profile-panel__body" aria-labelledby="profile-title">
        <div className="profile-panel__head">
          <span className="avatar avatar--large" aria-hidden="true">
            {initials(user.cn)}
          </span>{" "}
          <h2 id="profile-title" className="profile-panel__title">
            {orNoData(user.cn)}
          </h2>
        </div>
        <dl className="profile-panel__data">
          <div>
            <dt>{T.profile.cuil}</dt>
            <dd>{orNoData(formatCuil(user.cuil))}</dd>
          </div>
          <div>
            <dt>{T.profile.email}</dt>
            <dd>{orNoData(user.email)}</dd>
          </div>
          <div>
            <dt>{T.profile.phone}</dt>
            <dd>{orNoData(user.telephone)}</dd>
          </div>
        </dl>
        <p className="profile-panel__note">
          {T.profile.updateNote}{" "}
          <a href={citizenIdUrl} rel="noopener noreferrer">
            {T.profile.updateLink}
          </a>
          .
        </p>
        {datos || receipts ? (
          <p className="profile-panel__datos">
            {datos ? <Link to="/datos">{T.datosLink}</Link> : null}
            {datos && receipts ? " · " : null}
            {/* The receipts the portal issued (decision 033), otherwise linked only from the notice after an action. */}
            {receipts ? <Link to="/comprobantes">{T.receiptsLink}</Link> : null}
          </p>
        ) : null}
        <LogoutForm block />
      </section>
    </details>
  );
}

/**
 * One header, each part once (a text browser or a screen reader reads it once before the page):
 * the brand, one menu holding the module links and the profile panel, and 'Cerrar sesión'. Under
 * 768 px the menu is a disclosure ('Menú'); from 768 px its toggle is hidden and its contents sit
 * in the header row (styles/app.css). 'Cerrar sesión' stays in the same row at every width, one tap
 * away on a shared terminal (decision 032).
 */
export function SiteHeader({ tenant, user, modules, citizenIdUrl, datos = false, receipts = false }: ShellProps) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {T.skipLink}
      </a>
      <div className="site-header__inner">
        <Link to="/procedures" className="site-header__brand">
          <img className="site-header__logo" src={`/tenants/${tenant}/logo.svg`} alt={T.logoAlt} width="160" height="40" />{" "}
          <span className="site-header__title">{T.title}</span>
        </Link>{" "}
        {user ? (
          <>
            <details className="site-menu" data-popover>
              <summary className="site-menu__toggle">
                <span className="site-menu__icon" aria-hidden="true" />
                <span className="visually-hidden">{T.mobileMenu.open}</span>
              </summary>
              <div className="site-menu__panel">
                <nav className="module-menu" aria-label={T.modulesNavLabel}>
                  <ModuleLinks modules={modules} />
                </nav>
                <ProfilePanel user={user} citizenIdUrl={citizenIdUrl} datos={datos} receipts={receipts} />
              </div>
            </details>
            <LogoutForm className="site-header__logout" />
          </>
        ) : null}
      </div>
    </header>
  );
}

/** `datos`: the backend offers 'Tus datos' and a citizen is signed in (decision 071). */
export function SiteFooter({ datos = false }: { datos?: boolean }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__contact">
          {T.footer.tollFreeLabel}: <a href={`tel:${T.footer.tollFreeTel}`}>{T.footer.tollFreeNumber}</a>. {T.footer.hours}.
        </p>
        <ul className="site-footer__social" aria-label={T.footer.socialLabel}>
          {T.footer.social.map((s) => (
            <li key={s.id}>
              <a href={s.href} rel="noopener noreferrer">
                {s.label}
              </a>
            </li>
          ))}
        </ul>
        <p className="site-footer__licence">
          {T.footer.licence} <Link to="/accesibilidad">{T.footer.accessibilityLink}</Link>
          {datos ? (
            <>
              {" · "}
              <Link to="/datos">{T.datosLink}</Link>
            </>
          ) : null}
        </p>
      </div>
    </footer>
  );
}
