import { useEffect, useRef, useState } from "react";
import { furniture } from "../lib/messages/furniture";
import { type ToastType } from "../lib/messages/constants";
import { useHydrated } from "remix-utils/use-hydrated";

/** Toasts close after 4000 ms (spec section 9; not the library default of 5000). */
export const TOAST_DURATION_MS = 4000;

export interface ToastMessage {
  /** Unique per flash message: a new id replaces the toast on screen and restarts its timer. */
  id: string;
  type: ToastType;
  message: string;
}

export interface ToastProps {
  /** The flash toast from the root loader, or null. */
  toast: ToastMessage | null | undefined;
  /** Auto-close delay with JavaScript (default TOAST_DURATION_MS). */
  durationMs?: number;
}

/**
 * The toast region (place it once, in root.tsx). It always renders two live regions so
 * announcements are reliable: ERROR toasts go in role="alert", SUCCESS toasts in role="status".
 * Without JavaScript the toast is a banner that stays until the next page. With JavaScript it
 * floats, has a close button and closes itself after 4000 ms (the timer pauses while the pointer
 * is over it or focus is inside it, so it can be read and dismissed calmly).
 */
export function Toast({ toast, durationMs = TOAST_DURATION_MS }: ToastProps) {
  return (
    <div className="toast-region">
      <div role="status" aria-live="polite" aria-atomic="true" className="toast-region__live">
        {toast && toast.type === "SUCCESS" ? <ToastItem key={toast.id} toast={toast} durationMs={durationMs} /> : null}
      </div>
      <div role="alert" aria-atomic="true" className="toast-region__live">
        {toast && toast.type === "ERROR" ? <ToastItem key={toast.id} toast={toast} durationMs={durationMs} /> : null}
      </div>
    </div>
  );
}

function ToastItem({ toast, durationMs }: { toast: ToastMessage; durationMs: number }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(true);
  const [paused, setPaused] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!visible || paused) return;
    const timer = setTimeout(() => setVisible(false), durationMs);
    return () => clearTimeout(timer);
  }, [visible, paused, durationMs]);

  if (!visible) return null;

  const dismiss = () => {
    const hadFocus = ref.current?.contains(document.activeElement) ?? false;
    setVisible(false);
    if (hadFocus) document.getElementById("main")?.focus({ preventScroll: true });
  };

  return (
    <div
      ref={ref}
      className={`toast toast--${toast.type === "ERROR" ? "error" : "success"}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.type === "ERROR" ? "!" : "✓"}
      </span>
      <p className="toast__message">{toast.message}</p>
      {/* Only where it works: a text browser ignores the stylesheet's js-only. */}
      {hydrated ? (
        <button type="button" className="toast__close" onClick={dismiss}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{furniture.closeNotification}</span>
        </button>
      ) : null}
    </div>
  );
}
