import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { session as S } from "~/lib/messages/session";
import type { KeepAlive } from "./SessionDialog";
import { localTime } from "./local-time";

/** The warning opens this long before the session ends (issue 9 item 5). */
export const WARNING_MS = 120_000;

// The dialog's code is fetched only when the warning is due: the shared bundle keeps just this timer.
// Should the chunk fail to load (a flaky network), a plain alert stands in instead of the error page.
const SessionDialog = lazy(() => import("./SessionDialog").catch(() => ({ default: PlainAlert })));

function PlainAlert({ expired, expiresAt }: { expired: boolean; expiresAt: number }) {
  return (
    <p className="session-warning__dialog" role="alert">
      {expired ? S.expiredText : S.warningText(localTime(expiresAt))}
    </p>
  );
}

/**
 * The session's end, for a signed-in citizen (decision 032). With JavaScript: two minutes before,
 * the alert dialog (SessionDialog) offers to continue or to sign out; when the time is up it says
 * so. `remainingMs` is measured on the server, so the browser's clock does not matter. Focus goes
 * back where it was when the dialog closes.
 */
export function SessionWarning({ expiresAt, remainingMs }: { expiresAt: number; remainingMs: number }) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [shownExpiresAt, setShownExpiresAt] = useState(expiresAt);
  const [now, setNow] = useState(0);
  const returnFocus = useRef<HTMLElement | null>(null);

  // Every root load (each navigation refreshes the idle time) moves the deadline.
  useEffect(() => {
    setDeadline(Date.now() + remainingMs);
    setShownExpiresAt(expiresAt);
  }, [expiresAt, remainingMs]);
  const onKeepAlive = useCallback((answer: KeepAlive) => {
    if (answer.ok) {
      setDeadline(Date.now() + answer.remainingMs);
      setShownExpiresAt(answer.expiresAt);
    } else setDeadline(Date.now());
  }, []);

  const left = deadline === null ? Infinity : deadline - now;
  const state = left <= 0 ? "expired" : left <= WARNING_MS ? "warning" : "idle";

  // One timer: to the warning while idle, every second while warning.
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setNow(Date.now());
    tick();
    const untilWarning = deadline - WARNING_MS - Date.now();
    if (untilWarning > 1000) {
      const timer = setTimeout(tick, untilWarning);
      return () => clearTimeout(timer);
    }
    const interval = setInterval(tick, 1000);
    return () => clearInterval(interval);
  }, [deadline, state]);

  useEffect(() => {
    if (state !== "idle") {
      returnFocus.current ??= document.activeElement as HTMLElement | null;
      return;
    }
    if (returnFocus.current?.isConnected) returnFocus.current.focus();
    returnFocus.current = null;
  }, [state]);

  if (state === "idle") return null;
  return (
    <Suspense fallback={null}>
      <SessionDialog expired={state === "expired"} leftMs={left} expiresAt={shownExpiresAt} onKeepAlive={onKeepAlive} />
    </Suspense>
  );
}

/** Without JavaScript (and with it, as a quiet reminder): when the session ends. */
export function SessionNotice({ expiresAt }: { expiresAt: number }) {
  return <p className="session-notice">{S.expiresAt(localTime(expiresAt))}</p>;
}
