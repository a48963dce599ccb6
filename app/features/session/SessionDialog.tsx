import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AuthenticityTokenInput, useAuthenticityToken } from "remix-utils/csrf/react";
import { session as S } from "~/lib/messages/session";

export type KeepAlive = { ok: true; remainingMs: number; expiresAt: number } | { ok: false };

/**
 * The dialog of the session warning, loaded only when it is due (it is not in the shared bundle):
 * an alertdialog with the focus on 'Continuar' (a CSRF-checked post that refreshes the idle time)
 * and 'Cerrar sesión'; once the time is up, 'Ingresar nuevamente'.
 */
export default function SessionDialog(props: {
  expired: boolean;
  leftMs: number;
  /** the warning's text, as the notice in root words it */
  text: string;
  onKeepAlive: (answer: KeepAlive) => void;
}) {
  const { expired, leftMs, text, onKeepAlive } = props;
  const fetcher = useFetcher<KeepAlive>();
  const csrf = useAuthenticityToken();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (fetcher.data) onKeepAlive(fetcher.data);
  }, [fetcher.data, onKeepAlive]);
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [expired]);

  const keepTab = (event: React.KeyboardEvent) => {
    if (event.key !== "Tab") return;
    const items = Array.from(dialog.current?.querySelectorAll<HTMLElement>("button, a[href]") ?? []);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const seconds = Math.max(0, Math.ceil(leftMs / 1000));
  return (
    <div className="session-warning" role="presentation">
      {/* onKeyDown keeps Tab inside the modal alert dialog (WAI-ARIA APG modal dialog pattern). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={dialog}
        className="session-warning__dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="session-warning-title"
        aria-describedby="session-warning-text"
        onKeyDown={keepTab}
      >
        <h2 id="session-warning-title" className="session-warning__title">
          {expired ? S.expiredTitle : S.warningTitle}
        </h2>
        <p id="session-warning-text">{text}</p>
        {expired ? null : (
          <p className="session-warning__count" aria-hidden="true">
            {S.remaining(Math.floor(seconds / 60), seconds % 60)}
          </p>
        )}
        <div className="session-warning__actions">
          {expired ? (
            <a className="btn btn--primary" href={`${window.location.pathname}${window.location.search}`} data-autofocus>
              {S.signInAgain}
            </a>
          ) : (
            <button
              type="button"
              className="btn btn--primary"
              data-autofocus
              disabled={fetcher.state !== "idle"}
              onClick={() => fetcher.submit({ csrf }, { method: "post", action: "/resources/session/keepalive" })}
            >
              {S.continue}
            </button>
          )}
          <Form method="post" action="/auth/logout" reloadDocument>
            <AuthenticityTokenInput />
            <button type="submit" className="btn btn--secondary">
              {S.logout}
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
