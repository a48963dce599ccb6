/**
 * 'Vence el 24/11/2026 — quedan 3 días', 'Vence hoy', 'Venció el 20/11/2026' (decision 014).
 * The words carry the meaning; the style (and its icon) only repeats it, so colour is never alone.
 * Days are counted in Buenos Aires (common/due-dates.ts, shared with the API's reminder).
 */
import { deadlines as D } from "~/lib/messages/deadlines";
import { dayIn, dueDay, dueStatus, isDueDate } from "@common/due-dates";

/** The plain-words text of a due day seen on `today` (both `yyyy-mm-dd`). */
export function dueText(due: string, today: string = dayIn()): { text: string; tone: "past" | "soon" | "later" } {
  const s = dueStatus(due, today);
  if (s.kind === "today") return { text: D.today, tone: "soon" };
  if (s.kind === "past") return { text: D.past(dueDay(due)), tone: "past" };
  return { text: D.future(dueDay(due), s.days), tone: s.soon ? "soon" : "later" };
}

export function DueDate({ due, today, className }: { due: string | null | undefined; today?: string; className?: string }) {
  if (!isDueDate(due)) return null;
  const { text, tone } = dueText(due, today);
  return (
    <span className={["due", `due--${tone}`, className].filter(Boolean).join(" ")} data-due={due}>
      <span className="due__icon" aria-hidden="true">
        {tone === "later" ? "◷" : "!"}
      </span>{" "}
      <time dateTime={due}>{text}</time>
    </span>
  );
}
