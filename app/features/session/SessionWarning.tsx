import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { minutesLeft } from "./minutes-left";
import { session as S } from "~/lib/messages/session";
import type { KeepAlive } from "./SessionDialog";

/** The warning opens this long before the session ends (decision 032). */
export const WARNING_MS = 120_000;

// The dialog's code is fetched only when the warning is due: the shared bundle keeps just this timer.
// Should the chunk fail to load (a flaky network), a plain alert stands in instead of the error page.
const SessionDialog = lazy(() => import("./SessionDialog").catch(() => ({ default: PlainAlert })));

/** What the warning says: the minutes are worked out here, so the dialog's chunk does not share a module with root's. */
const warningText = (expired: boolean, leftMs: number) => (expired ? S.expiredText : S.warningText(minutesLeft(leftMs)));

function PlainAlert({ text }: { text: string }) {
  return (
    <p className="session-warning__dialog" role="alert">
      {text}
    </p>
  );
}

/**
 * Whether the warning (or the end) is showing, for the quiet notice to step aside: the page must
 * not say '15 minutos' behind a dialog that says two (issue 31). One page, one warning.
 */
let warningShown = false;
/** Once the session ended, the page's content is replaced (a shared terminal shows nothing of the citizen). */
let sessionEnded = false;
const warningListeners = new Set<() => void>();
function setWarningShown(shown: boolean, ended = false) {
  if (shown === warningShown && ended === sessionEnded) return;
  warningShown = shown;
  sessionEnded = ended;
  for (const listener of warningListeners) listener();
}
function subscribeWarning(listener: () => void) {
  warningListeners.add(listener);
  return () => warningListeners.delete(listener);
}
const useWarningShown = () =>
  useSyncExternalStore(
    subscribeWarning,
    () => warningShown,
    () => false,
  );

/** Whether the session ended in this page (with JavaScript): the root then draws the page without the citizen. */
export const useSessionEnded = () =>
  useSyncExternalStore(
    subscribeWarning,
    () => sessionEnded,
    () => false,
  );

/**
 * The session's end, for a signed-in citizen (decision 032). With JavaScript: two minutes before,
 * the alert dialog (SessionDialog) offers to continue or to sign out; when the time is up it says
 * so. `remainingMs` is measured on the server, so the browser's clock does not matter. Focus goes
 * back where it was when the dialog closes.
 */
export function SessionWarning({ remainingMs }: { remainingMs: number }) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const returnFocus = useRef<HTMLElement | null>(null);

  // Every root load (each navigation refreshes the idle time) moves the deadline.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's clock when a new server measure arrives: an outside value, read once per measure
    setDeadline(Date.now() + remainingMs);
  }, [remainingMs]);
  const onKeepAlive = useCallback((answer: KeepAlive) => {
    if (answer.ok) {
      setDeadline(Date.now() + answer.remainingMs);
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
    setWarningShown(state !== "idle", state === "expired");
    return () => setWarningShown(false);
  }, [state]);

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
      <SessionDialog expired={state === "expired"} leftMs={left} text={warningText(state === "expired", left)} onKeepAlive={onKeepAlive} />
    </Suspense>
  );
}

/**
 * Without JavaScript (and with it, as a quiet reminder): when the session ends, said relatively
 * ('dentro de 15 minutos'), so it never reads as a clock that disagrees with the page's UTC times
 * (decision 014). `remainingMs` is measured on the server when the page is made.
 */
export function SessionNotice({ remainingMs }: { remainingMs: number }) {
  // Once the warning dialog shows, it alone says when the session ends.
  if (useWarningShown()) return null;
  return <p className="session-notice">{S.expiresIn(minutesLeft(remainingMs))}</p>;
}
