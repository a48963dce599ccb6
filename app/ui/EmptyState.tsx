import type { ReactNode } from "react";

export interface EmptyStateProps {
  /** Main text, e.g. 'Por el momento, la bandeja está vacía'. */
  title: ReactNode;
  /** Extra explanation (paragraphs, links). */
  children?: ReactNode;
  /** Call to action, e.g. a <LinkButton to="/procedures/available">Nuevo trámite</LinkButton>. */
  action?: ReactNode;
  /** Render the title as a heading of this level instead of a paragraph. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** A calm "nothing here" block for empty lists and searches without results. */
export function EmptyState({ title, children, action, headingLevel, className }: EmptyStateProps) {
  const Title = headingLevel ? (`h${headingLevel}` as const) : "p";
  return (
    <div className={["empty-state", className].filter(Boolean).join(" ")}>
      <span className="empty-state__icon" aria-hidden="true" />
      <Title className="empty-state__title">{title}</Title>
      {children ? <div className="empty-state__body">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
