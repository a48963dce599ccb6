/**
 * One thread between the modules (decision 026): the communications about a procedure or a
 * record, each a link to its summary in the digital domicile, with its due day in plain words.
 */
import { Link } from "~/ui/Link";
import type { LinkedCommunication } from "~/api/thread.server";
import { DueDate } from "~/features/deadlines/DueDate";
import { formatDate, toIsoString } from "~/lib/dates";
import { thread as T } from "~/lib/messages/thread";

export function summaryHref(c: Pick<LinkedCommunication, "code" | "archived">) {
  return `${c.archived ? "/digital/archive/summary" : "/digital/summary"}?code=${encodeURIComponent(c.code)}`;
}

export type ThreadListProps = {
  communications: LinkedCommunication[];
  /** heading text and level; the list is labelled by it */
  title: string;
  level?: 2 | 3;
  id: string;
  /** shown when there are none; nothing at all is rendered without it */
  empty?: string;
  /** at most this many (the rest counted in words) */
  max?: number;
  className?: string;
  /**
   * A region landmark (the record manager's one list). Lists repeated on a page, one per tray card,
   * are named groups instead: landmarks must have unique names.
   */
  landmark?: boolean;
};

export function ThreadList({ communications, title, level = 2, id, empty, max, className, landmark = true }: ThreadListProps) {
  if (!communications.length && !empty) return null;
  const Heading = level === 2 ? "h2" : "h3";
  const Wrapper = landmark ? "section" : "div";
  const shown = max ? communications.slice(0, max) : communications;
  const rest = communications.length - shown.length;
  return (
    <Wrapper className={["thread", className].filter(Boolean).join(" ")} role={landmark ? undefined : "group"} aria-labelledby={id}>
      <Heading id={id} className="thread__title">
        {title}
      </Heading>
      {communications.length === 0 ? (
        <p className="thread__empty">{empty}</p>
      ) : (
        <ul className="thread__list">
          {shown.map((c) => (
            <li key={c.code} className="thread__item">
              <Link className="thread__link" to={summaryHref(c)}>
                {c.subject}
              </Link>{" "}
              <span className="thread__meta">
                {c.client} · <time dateTime={toIsoString(c.created_at)}>{T.received(formatDate(c.created_at))}</time>
                {c.seen_date ? null : (
                  <>
                    {" "}
                    · <strong>{T.unseen}</strong>
                  </>
                )}
                {c.archived ? <> · {T.archived}</> : null}
              </span>{" "}
              <DueDate due={c.due_date} className="thread__due" />
            </li>
          ))}
          {rest > 0 ? (
            <li className="thread__item thread__item--more">
              <Link to="/digital">{T.more(rest)}</Link>
            </li>
          ) : null}
        </ul>
      )}
    </Wrapper>
  );
}
