import { describe, expect, it } from "vitest";
import { pdfSafe } from "~/features/receipts/pdf.server";
import { receiptRows } from "~/features/receipts/ReceiptView";

describe("receipt text", () => {
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
    // Dates and times in UTC, as every date and time of the portal (spec section 9, decision 014).
    expect(rows.map((r) => r.value)).toEqual([
      "AV-20261120-7K3QF9",
      "21/11/2026",
      "02:30 hs (hora UTC)",
      "Rosa Pérez",
      "27-29384756-3",
      "rosa@example.com",
    ]);
  });
});
