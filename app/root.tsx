import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect } from "react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { ApiError, type ApiContext } from "~/api/client.server";
import type { ModuleId } from "~/api/schemas";
import { getConfig, getRoles } from "~/api/security.server";
import { SiteFooter, SiteHeader, type ShellUser } from "~/features/shell/Shell";
import { csrf } from "~/lib/csrf.server";
import { env } from "~/lib/env.server";
import { common, errors as E } from "~/lib/messages";
import { useNonce } from "~/lib/nonce";
import { getActiveSession, sessionStorage } from "~/lib/session.server";
import { getToast } from "~/lib/toast.server";
import { Toast } from "~/ui/Toast";
import { ErrorContent, NotFoundContent } from "~/features/shell/ErrorScreens";
import stylesheet from "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: common.appName }];

/** The root reads the toast, refreshes the idle timer and loads the page furniture. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export async function loader({ request }: LoaderFunctionArgs) {
  const headers = new Headers();
  const { toast, headers: toastHeaders } = await getToast(request);
  toastHeaders?.forEach((value) => headers.append("Set-Cookie", value));
  const [csrfToken, csrfCookie] = await csrf.commitToken(request);
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);

  let user: ShellUser | null = null;
  let modules: ModuleId[] = [];
  let tenant = env.TENANT;
  const active = await getActiveSession(request);
  if (active) {
    const ctx: ApiContext = { request, accessToken: active.data.accessToken, cuil: active.data.cuil };
    try {
      const [roles, config] = await Promise.all([getRoles(ctx), getConfig(ctx)]);
      user = { cn: roles.cn, cuil: roles.cuil, email: roles.email ?? null, telephone: roles.telephone_number ?? null };
      modules = config.modules.filter((m) => m.enabled).map((m) => m.id);
      if (config.tenant && /^[a-z0-9-]+$/.test(config.tenant)) tenant = config.tenant;
    } catch (error) {
      if (error instanceof Response) throw error;
      if (!(error instanceof ApiError)) throw error;
      // The furniture degrades; the route below decides whether the page can be shown.
    }
    active.session.set("lastSeen", Date.now());
    headers.append("Set-Cookie", await sessionStorage.commitSession(active.session));
  }

  return json({ toast, csrfToken, user, modules, tenant, citizenIdUrl: env.CITIZEN_ID_URL }, { headers });
}

function useShellEnhancements() {
  const location = useLocation();
  // Scroll to the top and close open menus on every route change.
  useEffect(() => {
    document.querySelectorAll<HTMLDetailsElement>("details[data-popover][open]").forEach((d) => d.removeAttribute("open"));
  }, [location.pathname]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      document.querySelectorAll<HTMLDetailsElement>("details[data-popover][open]").forEach((d) => {
        d.removeAttribute("open");
        d.querySelector("summary")?.focus();
      });
    };
    const onClick = (event: MouseEvent) => {
      document.querySelectorAll<HTMLDetailsElement>("details[data-popover][open]").forEach((d) => {
        if (!d.contains(event.target as Node)) d.removeAttribute("open");
      });
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);
}

function Document({ children, title }: { children: React.ReactNode; title?: string }) {
  const nonce = useNonce();
  return (
    <html lang="es-AR" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Marks the page as script-capable before first paint, so enhancements show only with JS. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        {title ? <title>{title}</title> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function NavigationStatus() {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  return (
    <div className="navigation-status" role="status" aria-live="polite">
      {loading ? <span className="navigation-status__text">{common.loading}</span> : null}
    </div>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  useShellEnhancements();
  return (
    <Document>
      <AuthenticityTokenProvider token={data.csrfToken}>
        <SiteHeader tenant={data.tenant} user={data.user} modules={data.modules} citizenIdUrl={data.citizenIdUrl} />
        <NavigationStatus />
        <Toast toast={data.toast} />
        <main id="main" className="page" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter />
      </AuthenticityTokenProvider>
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Document title={`${notFound ? E.notFound.title : E.page.title} · ${common.appName}`}>
      <AuthenticityTokenProvider token={data?.csrfToken ?? ""}>
        <SiteHeader tenant={data?.tenant ?? "provincia"} user={data?.user ?? null} modules={data?.modules ?? []} citizenIdUrl={data?.citizenIdUrl ?? "/"} />
        <main id="main" className="page" tabIndex={-1}>
          {notFound ? <NotFoundContent /> : <ErrorContent />}
        </main>
        <SiteFooter />
      </AuthenticityTokenProvider>
    </Document>
  );
}
