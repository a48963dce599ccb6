import { describe, expect, it } from "vitest";
import { pdfSafe } from "~/features/receipts/pdf.server";
import { receiptRows } from "~/features/receipts/ReceiptView";
import { localDate, localTime } from "~/features/session/local-time";

describe("receipt text", () => {
  it("dates and times are the province's wall clock (UTC−3), whatever the machine's zone", () => {
    expect(localDate("2026-11-21T02:30:00.000Z")).toBe("20/11/2026");
    expect(localTime("2026-11-21T02:30:00.000Z")).toBe("23:30 hs");
    expect(localTime("not a date")).toBe("");
  });

  it("the PDF's text keeps Spanish and replaces what Helvetica cannot encode", () => {
    expect(pdfSafe("Adhesión N.º 12 — ñandú ¿sí?")).toBe("Adhesión N.º 12 — ñandú ¿sí?");
    expect(pdfSafe("Ω 😀 ș")).toBe("? ? s");
    expect(pdfSafe("línea\nnueva")).toBe("línea nueva");
  });

  it("rows: number, date, time, citizen, CUIL and what was sent", () => {
    const rows = receiptRows({
      id: "x",
      number: "AV-20261120-7K3QF9",
      kind: "adhesion",
      occurredAt: "2026-11-21T02:30:00.000Z",
      issuedAt: "2026-11-21T02:30:01.000Z",
      detail: { citizen: { name: "Rosa Pérez", cuil: "27293847563" }, email: "rosa@example.com" },
    });
    expect(rows.map((r) => r.value)).toEqual(["AV-20261120-7K3QF9", "20/11/2026", "23:30 hs (hora de Argentina)", "Rosa Pérez", "27-29384756-3", "rosa@example.com"]);
  });
});
