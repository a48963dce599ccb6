import { minutesLeft } from "~/features/session/minutes-left";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEEK_STARTS_ON, formatDate, formatDateTime, formatLongDate, formatTime, toIsoString } from "../../app/lib/dates";

// Run in zones on both sides of UTC: the output must not depend on the machine's zone.
for (const zone of ["America/Argentina/Buenos_Aires", "Asia/Tokyo", "UTC"]) {
  describe(`dates (TZ=${zone})`, () => {
    const original = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      process.env.TZ = original;
    });

    it("really runs in that zone", () => {
      const offset = new Date("2026-03-01T02:00:00Z").getTimezoneOffset();
      expect(offset).toBe(zone === "UTC" ? 0 : zone === "Asia/Tokyo" ? -540 : 180);
    });

    it("formats dates dd/mm/yyyy in UTC", () => {
      // 23:00 of 28/02 in Buenos Aires, 11:00 of 01/03 in Tokyo: UTC says 01/03/2026.
      expect(formatDate("2026-03-01T02:00:00Z")).toBe("01/03/2026");
      expect(formatDate("2026-02-28T23:30:00Z")).toBe("28/02/2026");
      expect(formatDate("2026-03-01T02:00:00.000+00:00")).toBe("01/03/2026");
      expect(formatDate("2026-03-01T01:00:00-03:00")).toBe("01/03/2026");
      expect(formatDate("2026-12-31")).toBe("31/12/2026");
      expect(formatDate(new Date(Date.UTC(2026, 0, 5, 23, 59)))).toBe("05/01/2026");
      expect(formatDate(Date.UTC(2024, 1, 29))).toBe("29/02/2024");
    });

    it("reads strings without an offset as UTC", () => {
      expect(formatDateTime("2026-03-01T02:00:00")).toBe("01/03/2026 02:00 hs");
      expect(formatDateTime("2026-03-01 23:15:00")).toBe("01/03/2026 23:15 hs");
    });

    it("formats times as 'HH:MM hs' in UTC", () => {
      expect(formatTime("2026-03-01T02:05:09Z")).toBe("02:05 hs");
      expect(formatTime("2026-03-01T14:30:00Z")).toBe("14:30 hs");
      expect(formatTime("2026-03-01T00:00:00Z")).toBe("00:00 hs");
      expect(formatDateTime("2026-11-21T18:00:00Z")).toBe("21/11/2026 18:00 hs");
    });

    it("formats long dates in Spanish", () => {
      expect(formatLongDate("2026-11-21T10:00:00Z")).toBe("21 de noviembre de 2026");
      expect(formatLongDate("2026-03-01T02:00:00Z")).toBe("1 de marzo de 2026");
    });

    it("returns the fallback for missing or bad values", () => {
      expect(formatDate(null)).toBe("");
      expect(formatDate(undefined)).toBe("");
      expect(formatDate("")).toBe("");
      expect(formatDate("not a date")).toBe("");
      expect(formatDate("2026-02-30")).toBe("");
      // The form JSON writes a Date in, read at once: an impossible day or hour is still refused.
      expect(formatDate("2026-02-30T00:00:00.000Z")).toBe("");
      expect(formatDate("2026-01-01T24:00:00.000Z")).toBe("");
      expect(formatDate("2024-02-29T23:59:59.999Z")).toBe("29/02/2024");
      expect(formatTime("garbage", "Sin dato")).toBe("Sin dato");
      expect(formatLongDate(Number.NaN, "-")).toBe("-");
      expect(toIsoString("garbage")).toBeUndefined();
      expect(toIsoString("2026-03-01T02:00:00")).toBe("2026-03-01T02:00:00.000Z");
    });
  });
}

describe("calendar", () => {
  it("starts weeks on Monday", () => {
    expect(WEEK_STARTS_ON).toBe(1);
  });
});

describe("relative times (decision 014)", () => {
  it("minutes left are whole minutes rounded up, never negative", () => {
    expect(minutesLeft(15 * 60_000)).toBe(15);
    expect(minutesLeft(14 * 60_000 + 1)).toBe(15);
    expect(minutesLeft(59_000)).toBe(1);
    expect(minutesLeft(0)).toBe(0);
    expect(minutesLeft(-5000)).toBe(0);
    expect(minutesLeft(Number.NaN)).toBe(0);
  });

  it("the session notice says the end relatively, with no clock time", async () => {
    const { session } = await import("../../app/lib/messages/session");
    expect(session.expiresIn(15)).toBe("Por seguridad, tu sesión se cierra dentro de 15 minutos si no hay actividad.");
    expect(session.expiresIn(1)).toBe("Por seguridad, tu sesión se cierra dentro de 1 minuto si no hay actividad.");
    expect(session.expiresIn(0)).toBe("Por seguridad, tu sesión se cierra en menos de un minuto si no hay actividad.");
    expect(session.warningText(2)).not.toMatch(/\d\d:\d\d/);
  });
});

describe("long dates (es-AR writes month names in lower case)", () => {
  it("'24 de noviembre de 2026'", () => {
    expect(formatLongDate("2026-11-24T10:00:00Z")).toBe("24 de noviembre de 2026");
  });
});
