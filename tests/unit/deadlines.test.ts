import { describe, expect, it } from "vitest";
import { addDays, dayIn, daysBetween, dueStatus, isDueDate, reminderWindow } from "@common/due-dates";
import { dueText } from "~/features/deadlines/DueDate";

describe("due dates in plain words", () => {
  it("says how many days are left, today, or that it is past", () => {
    expect(dueText("2026-11-24", "2026-11-21")).toEqual({ text: "Vence el 24/11/2026 — quedan 3 días", tone: "soon" });
    expect(dueText("2026-11-22", "2026-11-21").text).toBe("Vence el 22/11/2026 — queda 1 día");
    expect(dueText("2026-12-21", "2026-11-21")).toEqual({ text: "Vence el 21/12/2026 — quedan 30 días", tone: "later" });
    expect(dueText("2026-11-21", "2026-11-21")).toEqual({ text: "Vence hoy", tone: "soon" });
    expect(dueText("2026-11-18", "2026-11-21")).toEqual({ text: "Venció el 18/11/2026", tone: "past" });
  });

  it("counts calendar days across months, years and leap days", () => {
    expect(daysBetween("2026-12-30", "2027-01-02")).toBe(3);
    expect(daysBetween("2028-02-28", "2028-03-01")).toBe(2);
    expect(addDays("2026-11-29", 3)).toBe("2026-12-02");
    expect(dueStatus("2026-11-20", "2026-11-21")).toEqual({ kind: "past", days: 1, soon: false });
  });

  it("takes today in Buenos Aires (UTC-3), not in UTC", () => {
    expect(dayIn(new Date("2026-11-22T02:59:00Z"))).toBe("2026-11-21");
    expect(dayIn(new Date("2026-11-22T03:00:00Z"))).toBe("2026-11-22");
  });

  it("accepts only real days and reminds from today to three days ahead", () => {
    expect(isDueDate("2026-02-28")).toBe(true);
    expect(isDueDate("2026-02-29")).toBe(false);
    expect(isDueDate("2026-11-24T00:00:00Z")).toBe(false);
    expect(isDueDate(null)).toBe(false);
    expect(reminderWindow("2026-11-21")).toEqual({ from: "2026-11-21", to: "2026-11-24" });
  });
});
