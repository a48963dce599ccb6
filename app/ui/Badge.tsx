import type { ReactNode } from "react";

export interface BadgeProps {
  /** Dot colour from data (e.g. a record status colour). The text carries the meaning. */
  color?: string | null;
  /** Status text, e.g. 'En trámite'. */
  children: ReactNode;
  className?: string;
}

/** Status badge: a coloured dot (decorative) plus the status text. */
export function Badge({ color, children, className }: BadgeProps) {
  return (
    <span className={["badge", className].filter(Boolean).join(" ")}>
      <span className="badge__dot" aria-hidden="true" style={color ? { backgroundColor: color } : undefined} />
      <span className="badge__text">{children}</span>
    </span>
  );
}
