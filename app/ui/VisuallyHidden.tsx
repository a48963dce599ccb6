import type { HTMLAttributes, ReactNode } from "react";

/**
 * Text for assistive technology only (class `.visually-hidden`).
 * Props: `children`; `as` ('span' default, 'p', 'div', 'h2'); `focusable` keeps it hidden until
 * focused (for skip links); plus any HTML attribute (`id`, `role`, `aria-live`, …).
 */
export function VisuallyHidden({
  children,
  as: Tag = "span",
  focusable = false,
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & {
  children: ReactNode;
  as?: "span" | "p" | "div" | "h2";
  focusable?: boolean;
}) {
  const cls = ["visually-hidden", focusable ? "visually-hidden--focusable" : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <Tag className={cls} {...rest}>
      {children}
    </Tag>
  );
}
