import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
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
import { SiteFooter, SiteHeader } from "~/features/shell/Shell";
import { loadRoot } from "~/features/shell/root.server";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import { useNonce } from "~/lib/nonce";
import { SessionNotice, SessionWarning, useSessionEnded } from "~/features/session/SessionWarning";
import { session as S } from "~/lib/messages/session";
import { ReceiptNotice } from "~/features/receipts/ReceiptNotice";
import { Toast } from "~/ui/Toast";
import { ErrorContent, NotFoundContent } from "~/lib/error-screens";
import stylesheet from "~/styles/app.css";
import sessionStyles from "~/styles/session.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "stylesheet", href: sessionStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => pageTitle();

export const shouldRevalidate: ShouldRevalidateFunction = () => true;

/** The root reads the toast, refreshes the idle timer and loads the page furniture (features/shell/root.server.ts). */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadRoot({ request, context });

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

/**
 * Without JavaScript nothing on screen changes when the session ends: the page asks to be loaded
 * again then (a refresh to itself), and the server, finding the session over, answers the sign-in
 * page instead of the citizen's data (issue 40). With JavaScript the root replaces the content.
 */
function RefreshAtSessionEnd({ remainingMs }: { remainingMs: number }) {
  const location = useLocation();
  const seconds = Math.ceil(remainingMs / 1000) + 5;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${seconds};url=${location.pathname}${location.search}`} />
    </noscript>
  );
}

function Document({ children, title, head }: { children: React.ReactNode; title?: string; head?: React.ReactNode }) {
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
        {head}
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
      {loading ? <span className="navigation-status__text">{furniture.loading}</span> : null}
    </div>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  useShellEnhancements();
  // With JavaScript, once the session ends the page's content goes (not covered by the dialog: replaced).
  const ended = useSessionEnded();
  const signedIn = data.user && data.session;
  return (
    <Document head={signedIn ? <RefreshAtSessionEnd remainingMs={data.session!.remainingMs} /> : null}>
      <AuthenticityTokenProvider token={data.csrfToken}>
        <SiteHeader
          tenant={data.tenant}
          user={ended ? null : data.user}
          modules={data.modules}
          citizenIdUrl={data.citizenIdUrl}
          datos={data.datos}
          receipts={data.receipts}
        />
        <NavigationStatus />
        <Toast toast={data.toast} />
        <main id="main" className="page" tabIndex={-1}>
          {ended ? (
            <section className="card narrow" aria-labelledby="page-title">
              <h1 id="page-title" className="page-title">
                {S.expiredTitle}
              </h1>
              <p>{S.expiredText}</p>
            </section>
          ) : (
            <>
              {data.user && data.session ? <SessionNotice remainingMs={data.session.remainingMs} /> : null}
              {data.receipt ? <ReceiptNotice receipt={data.receipt} /> : null}
              <Outlet />
            </>
          )}
        </main>
        {data.user && data.session ? <SessionWarning remainingMs={data.session.remainingMs} /> : null}
        <SiteFooter datos={Boolean(data?.user && data?.datos)} />
      </AuthenticityTokenProvider>
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Document title={`${notFound ? furniture.notFound.title : furniture.errorPage.title} · ${furniture.appName}`}>
      <AuthenticityTokenProvider token={data?.csrfToken ?? ""}>
        <SiteHeader
          tenant={data?.tenant ?? "provincia"}
          user={data?.user ?? null}
          modules={data?.modules ?? []}
          citizenIdUrl={data?.citizenIdUrl ?? "/"}
        />
        <main id="main" className="page" tabIndex={-1}>
          {notFound ? <NotFoundContent /> : <ErrorContent />}
        </main>
        <SiteFooter datos={Boolean(data?.user && data?.datos)} />
      </AuthenticityTokenProvider>
    </Document>
  );
}
