/**
 * On a communication's summary: the procedure and / or record it concerns, as links (decision
 * 026), and its due day in plain words (decision 014).
 */
import { Link } from "~/ui/Link";
import type { Communication } from "~/api/digital.server";
import { DueDate } from "~/features/deadlines/DueDate";
import { deadlines as D } from "~/lib/messages/deadlines";
import { thread as T } from "~/lib/messages/thread";

export function ConcernsLinks({
  communication,
  linkable = { procedures: true, records: true },
}: {
  communication: Pick<Communication, "instance" | "record" | "due_date">;
  /** Which modules are enabled: a link into a disabled one would be a 404, so it is only named. */
  linkable?: { procedures: boolean; records: boolean };
}) {
  const { instance, record, due_date } = communication;
  if (!instance && !record && !due_date) return null;
  return (
    <dl className="summary-list dd-summary__list thread-concerns">
      {due_date ? (
        <div>
          <dt>{D.label}</dt>
          <dd>
            <DueDate due={due_date} />
          </dd>
        </div>
      ) : null}
      {instance ? (
        <div>
          <dt>{T.procedure}</dt>
          <dd>
            {linkable.procedures ? (
              <Link to={`/procedures/preview/?instance=${encodeURIComponent(instance.id)}`}>{instance.title}</Link>
            ) : (
              instance.title
            )}
          </dd>
        </div>
      ) : null}
      {record ? (
        <div>
          <dt>{T.record}</dt>
          <dd>
            {linkable.records ? (
              <Link to={`/records/manager/?file=${encodeURIComponent(record.id)}`}>
                {record.code}
                {record.title ? ` — ${record.title}` : ""}
              </Link>
            ) : (
              `${record.code}${record.title ? ` — ${record.title}` : ""}`
            )}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
