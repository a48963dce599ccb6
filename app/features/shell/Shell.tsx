import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ModuleId } from "~/api/schemas";
import { furniture as T } from "~/lib/messages/furniture";
import { firstWord, formatCuil, initials, orNoData } from "./person";

export type ShellUser = {
  cn: string;
  cuil: string;
  email: string | null;
  telephone: string | null;
};

export type ShellProps = {
  tenant: string;
  user: ShellUser | null;
  modules: ModuleId[];
  citizenIdUrl: string;
};

const MODULE_PATHS: Record<ModuleId, string> = { procedures: "/procedures", records: "/records", digital: "/digital" };
const MODULE_LABELS: Record<ModuleId, string> = { procedures: T.menu.procedures, records: T.menu.records, digital: T.menu.digital };
const MODULE_ORDER: ModuleId[] = ["procedures", "records", "digital"];

function ModuleLinks({ modules, className }: { modules: ModuleId[]; className: string }) {
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {MODULE_ORDER.filter((id) => modules.includes(id)).map((id) => {
        const active = pathname === MODULE_PATHS[id] || pathname.startsWith(`${MODULE_PATHS[id]}/`);
        return (
          <li key={id}>
            <NavLink to={MODULE_PATHS[id]} className="module-menu__link" aria-current={active ? "page" : undefined} prefetch="intent">
              {MODULE_LABELS[id]}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

function ProfilePanel({ user, citizenIdUrl, variant }: { user: ShellUser; citizenIdUrl: string; variant: "desktop" | "mobile" }) {
  const id = `profile-${variant}`;
  return (
    <details className={`profile-panel profile-panel--${variant}`} data-popover>
      <summary className="profile-panel__toggle" aria-label={`${T.profile.toggle}: ${user.cn}`}>
        <span className="avatar" aria-hidden="true">
          {initials(user.cn)}
        </span>
        {variant === "desktop" ? <span className="profile-panel__name">{firstWord(user.cn)}</span> : null}
      </summary>
      <section className="profile-panel__body" aria-labelledby={`${id}-title`}>
        <div className="profile-panel__head">
          <span className="avatar avatar--large" aria-hidden="true">
            {initials(user.cn)}
          </span>
          <h2 id={`${id}-title`} className="profile-panel__title">
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
        <Form method="post" action="/auth/logout" reloadDocument>
          <AuthenticityTokenInput />
          <button type="submit" className="btn btn--secondary btn--block">
            {T.profile.logout}
          </button>
        </Form>
      </section>
    </details>
  );
}

export function SiteHeader({ tenant, user, modules, citizenIdUrl }: ShellProps) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {T.skipLink}
      </a>
      <div className="site-header__inner">
        <Link to="/procedures" className="site-header__brand">
          <img className="site-header__logo" src={`/tenants/${tenant}/logo.svg`} alt={T.logoAlt} width="160" height="40" />
          <span className="site-header__title">{T.title}</span>
        </Link>
        {user ? (
          <>
            <nav className="module-menu" aria-label={T.modulesNavLabel}>
              <ModuleLinks modules={modules} className="module-menu__list" />
            </nav>
            <div className="site-header__profile">
              <ProfilePanel user={user} citizenIdUrl={citizenIdUrl} variant="desktop" />
            </div>
            <details className="mobile-menu" data-popover>
              <summary className="mobile-menu__toggle">
                <span className="mobile-menu__icon" aria-hidden="true" />
                <span className="visually-hidden">{T.mobileMenu.open}</span>
              </summary>
              <nav className="mobile-menu__panel" aria-label={T.mobileMenu.label}>
                <ModuleLinks modules={modules} className="mobile-menu__list" />
                <ProfilePanel user={user} citizenIdUrl={citizenIdUrl} variant="mobile" />
              </nav>
            </details>
            {/* Shared terminals (issue 9 item 5): 'Cerrar sesión' is one tap away on every page and width. */}
            <Form method="post" action="/auth/logout" reloadDocument className="site-header__logout">
              <AuthenticityTokenInput />
              <button type="submit" className="btn btn--secondary btn--sm">
                {T.profile.logout}
              </button>
            </Form>
          </>
        ) : null}
      </div>
    </header>
  );
}

export function SiteFooter() {
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
          {T.footer.licence}{" "}
          <Link to="/accesibilidad">{T.footer.accessibilityLink}</Link>
        </p>
      </div>
    </footer>
  );
}
