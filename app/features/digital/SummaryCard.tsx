import type { ReactNode } from "react";
import { digital } from "~/lib/messages/digital";
import { DigitalHeader } from "./DigitalHeader";

/**
 * The card of one communication (its summary, or its envelope before it is opened): the heading,
 * the facts as a description list, then what the page adds (files, message, history, actions).
 */
export function SummaryCard({
  headingId,
  heading,
  facts,
  children,
}: {
  headingId: string;
  heading: ReactNode;
  facts: readonly [label: string, value: ReactNode][];
  children: ReactNode;
}) {
  return (
    <section className="dd dd-summary" aria-labelledby="page-title">
      <DigitalHeader title={digital.title} />
      <article className="card dd-summary__card" aria-labelledby={headingId}>
        <h2 id={headingId} className="section-title">
          {heading}
        </h2>
        <dl className="summary-list dd-summary__list">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {children}
      </article>
    </section>
  );
}
