import { useNavigation, type LinkProps } from "@remix-run/react";
import { Link } from "./Link";
import { forwardRef, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { common } from "../lib/messages/common";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "md" | "sm";

interface ButtonLookProps {
  /** Look: primary (filled), secondary (outlined), danger (destructive), ghost (text-like). Default primary. */
  variant?: ButtonVariant;
  /** 'sm' is denser but keeps the 44 px touch target. Default 'md'. */
  size?: ButtonSize;
  /** Full width (on every screen). */
  block?: boolean;
}

export function buttonClass({ variant = "primary", size = "md", block = false }: ButtonLookProps, extra?: string) {
  return ["btn", `btn--${variant}`, size === "sm" ? "btn--sm" : "", block ? "btn--block" : "", extra ?? ""].filter(Boolean).join(" ");
}

export type ButtonProps = ButtonLookProps & ButtonHTMLAttributes<HTMLButtonElement>;

/** A <button>; `type` defaults to "button" (use SubmitButton to submit forms). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, className, type = "button", ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, block }, className)} {...rest} />;
});

export type LinkButtonProps = ButtonLookProps &
  LinkProps & {
    /** Plain <a href> (external sites, downloads from resource routes); otherwise a Remix <Link>. */
    external?: boolean;
  };

/** A link that looks like a button (navigation, not actions). */
export const LinkButton = forwardRef<HTMLAnchorElement, LinkButtonProps>(function LinkButton(
  { variant, size, block, className, external, to, ...rest },
  ref,
) {
  const cls = buttonClass({ variant, size, block }, className);
  if (external && typeof to === "string") {
    // Only the anchor attributes; Link-only props are not passed to the DOM.
    const {
      replace: _replace,
      state: _state,
      preventScrollReset: _psr,
      relative: _relative,
      reloadDocument: _reload,
      prefetch: _prefetch,
      discover: _discover,
      viewTransition: _vt,
      unstable_viewTransition: _uvt,
      children,
      ...anchorProps
    } = rest as LinkProps & Record<string, unknown>;
    return (
      <a ref={ref} href={to} className={cls} {...(anchorProps as Record<string, unknown>)}>
        {children}
      </a>
    );
  }
  return <Link ref={ref} to={to} className={cls} {...rest} />;
});

export type SubmitButtonProps = ButtonLookProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
    children: ReactNode;
    /** Text while this button's submission is pending (default 'Procesando...'). */
    pendingLabel?: ReactNode;
    /**
     * Force the pending state (e.g. `fetcher.state !== "idle"` for fetcher forms). By default it is
     * pending while a page navigation submits a form; when the button has `name` and `value`, only
     * while the submitted form data carries that name=value (so per-row buttons stay independent).
     */
    pending?: boolean;
  };

/**
 * A submit button that guards against double submits. Without JavaScript it is a normal submit.
 * With JavaScript, while the submission is in flight it shows a spinner and `pendingLabel`, gets
 * aria-disabled="true" and ignores clicks (and Enter in the form's fields); so does a caller's
 * `aria-disabled` (an aria-disabled button that still submitted would say one thing and do another). aria-disabled instead of
 * `disabled` keeps keyboard focus on the button, so screen-reader users do not lose their place;
 * the `disabled` prop still works for rules such as 'Iniciar trámite' before the terms are accepted.
 */
export function SubmitButton({
  children,
  pendingLabel = common.submitting,
  pending,
  variant,
  size,
  block,
  className,
  name,
  value,
  onClick,
  ...rest
}: SubmitButtonProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const matches = submitting && (name === undefined || value === undefined || navigation.formData?.get(name) === String(value));
  const isPending = pending ?? matches;
  const busy = isPending || submitting;
  // A caller's aria-disabled (a rule of the form, e.g. its field is disabled meanwhile) blocks it too.
  const blocked = busy || rest["aria-disabled"] === true || rest["aria-disabled"] === "true";

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  return (
    <button
      {...rest}
      type="submit"
      name={name}
      value={value}
      className={buttonClass({ variant, size, block }, [className, isPending ? "btn--pending" : ""].filter(Boolean).join(" "))}
      aria-disabled={busy ? true : rest["aria-disabled"]}
      onClick={handleClick}
    >
      {isPending ? (
        <>
          <span className="btn__spinner" aria-hidden="true" />
          <span>{pendingLabel}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
