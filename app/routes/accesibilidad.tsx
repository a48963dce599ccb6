import type { MetaFunction } from "@remix-run/node";
import { accessibility as T } from "~/lib/messages/accessibility";
import { formatLongDate } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";

export const meta: MetaFunction = () => pageTitle(T.title);

/** When the statement was last checked against the test suite. */
const REVIEWED = "2026-11-21";

/** The accessibility statement: public, reachable from the footer of every page, signed in or not. */
export default function AccessibilityStatement() {
  return (
    <article className="narrow stack" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {T.title}
      </h1>
      <p>{T.intro}</p>
      <h2>{T.standardTitle}</h2>
      <p>{T.standard}</p>
      <h2>{T.testedTitle}</h2>
      <ul>
        {T.tested.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2>{T.limitsTitle}</h2>
      <ul>
        {T.limits.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h2>{T.contactTitle}</h2>
      <p>{T.contact}</p>
      <p className="text-muted">{T.updated(formatLongDate(REVIEWED))}</p>
    </article>
  );
}
