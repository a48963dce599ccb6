import { useNavigate } from "@remix-run/react";
import { Link } from "./Link";
import { useCallback, useEffect, useRef, type ReactNode, type RefObject } from "react";
import { common } from "../lib/messages/common";
import { useHydrated } from "remix-utils/use-hydrated";

export interface ModalProps {
  /** Element id; the title gets `${id}-title`. Open links may add `#${id}` so no-JS browsers scroll to it. */
  id: string;
  /** Visible heading and accessible name. */
  title: ReactNode;
  /** Whether the URL says this modal is open (e.g. `?modal=historial`). Nothing renders when false. */
  open: boolean;
  /** URL to go to on close (the same page without the modal parameters). */
  closeHref: string;
  children: ReactNode;
  /** Action row at the bottom (e.g. a 'Cancelar' link and a submit button). */
  footer?: ReactNode;
  /** Width: 'sm' (confirmations), 'md' (default), 'lg' (tables, previews). */
  size?: "sm" | "md" | "lg";
  /** Extra class on the outer element. */
  className?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute("inert") && el.getClientRects().length > 0,
  );
}

/**
 * A URL-addressed modal.
 *
 * Without JavaScript (and in the server render) it is a <section> of the page, with its heading
 * and a 'Cerrar' link to `closeHref`. Once hydrated the same section becomes a dialog
 * (role="dialog", aria-modal="true", aria-labelledby the title): focus moves into it and is
 * trapped, Escape / the close button / a click on the backdrop navigate to `closeHref`
 * (replace + preventScrollReset), body scrolling is locked while open and focus goes back to the
 * element that had it when the dialog opened. It renders inline where placed (no portal);
 * avoid placing it inside elements with `transform` or `filter` (they would clip the overlay).
 */
export function Modal({ id, title, open, closeHref, children, footer, size = "md", className }: ModalProps) {
  const enhanced = useHydrated();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLElement>(null);

  const close = useCallback(() => {
    navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [navigate, closeHref]);

  // Keep the latest close without re-running the open/close effect on every render.
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  }, [close]);

  const isDialog = open && enhanced;

  useEffect(() => {
    if (!isDialog) return;
    const dialog = dialogRef.current;
    if (!dialog) return;

    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const body = document.body;
    const previousOverflow = body.style.overflow;
    const previousPaddingRight = body.style.paddingRight;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.style.overflow = "hidden";
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;

    if (!dialog.contains(document.activeElement)) dialog.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        closeRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const nodes = focusableIn(dialog);
      if (nodes.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = nodes[0];
      const last = nodes[nodes.length - 1];
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active);
      if (event.shiftKey && (!inside || active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog.contains(event.target)) dialog.focus({ preventScroll: true });
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);

    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
      body.style.overflow = previousOverflow;
      body.style.paddingRight = previousPaddingRight;
      if (previouslyFocused && previouslyFocused.isConnected && previouslyFocused !== document.body) {
        // An opener inside a menu that has closed meanwhile (Escape also closes popovers) cannot take
        // focus: the menu's own toggle, the nearest visible thing that opened it, takes it instead.
        const closedMenu = previouslyFocused.closest("details:not([open])");
        const target = closedMenu?.querySelector<HTMLElement>(":scope > summary") ?? previouslyFocused;
        target.focus({ preventScroll: true });
      }
    };
  }, [isDialog]);

  if (!open) return null;

  return (
    <ModalFrame
      id={id}
      title={title}
      closeHref={closeHref}
      footer={footer}
      size={size}
      className={className}
      mode={isDialog ? "dialog" : "inline"}
      onClose={close}
      dialogRef={dialogRef}
    >
      {children}
    </ModalFrame>
  );
}

export interface ModalFrameProps extends Omit<ModalProps, "open"> {
  /** 'inline': a page section with a 'Cerrar' link; 'dialog': an ARIA modal dialog. */
  mode: "inline" | "dialog";
  /** Dialog mode: called by the close button and a click on the backdrop. */
  onClose?: () => void;
  dialogRef?: RefObject<HTMLElement>;
}

/** The markup of Modal in either mode, without behaviour (Modal adds focus, keys and scroll lock). */
export function ModalFrame({ id, title, closeHref, children, footer, size = "md", className, mode, onClose, dialogRef }: ModalFrameProps) {
  const isDialog = mode === "dialog";
  const titleId = `${id}-title`;
  const classes = ["modal", `modal--${size}`, `modal--${mode}`, className].filter(Boolean).join(" ");
  return (
    // A click on the backdrop closes the dialog: a pointer shortcut beside Escape and the close button.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={classes}
      onMouseDown={
        isDialog && onClose
          ? (event) => {
              if (event.target === event.currentTarget) onClose();
            }
          : undefined
      }
    >
      <section
        ref={dialogRef}
        id={id}
        className="modal__dialog"
        role={isDialog ? "dialog" : undefined}
        aria-modal={isDialog ? true : undefined}
        aria-labelledby={titleId}
        tabIndex={isDialog ? -1 : undefined}
      >
        <header className="modal__header">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          {isDialog ? (
            <button type="button" className="modal__close btn btn--ghost" onClick={onClose} aria-label={common.closeDialog}>
              <span aria-hidden="true">×</span>
              <span className="modal__close-text">{common.actions.close}</span>
            </button>
          ) : (
            <Link className="modal__close btn btn--ghost" to={closeHref} replace preventScrollReset>
              {common.actions.close}
            </Link>
          )}
        </header>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </section>
    </div>
  );
}
