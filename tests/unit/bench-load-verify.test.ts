import { describe, expect, it } from "vitest";
import { judge, type Ledger, type Stored } from "../../scripts/bench/load-verify";

/** The load run's exactly-once check (`npm run bench:load`) must catch losses and duplicates. */
const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const C = "33333333-3333-4333-8333-333333333333";

function ledger(over: Partial<Ledger> = {}): Ledger {
  return { messages: [], uploads: [], sends: [], archive: new Map(), ...over };
}
const none: Stored = { messages: [], documents: [], communications: [] };

describe("bench:load verification", () => {
  it("passes when every acknowledged write is there once", () => {
    const r = judge(
      ledger({
        messages: [{ marker: A, instanceId: "i1", acked: true }],
        uploads: [{ marker: B, name: `Carga ${B}`, recordId: "r1", acked: true, limited: false }],
        sends: [{ documentIds: ["d1"], recordId: "r1", acked: true }],
        archive: new Map([["2026-000001", { archived: true, uncertain: false, acknowledged: 3 }]]),
      }),
      {
        messages: [{ message: `Consulta de carga [${A}]` }, { message: "otra" }],
        documents: [
          { id: "d0", name: `Carga ${B}`, stage: "pending" },
          { id: "d1", name: "Otro", stage: "sent" },
        ],
        communications: [{ code: "2026-000001", archived: 1 }],
      },
    );
    expect(r).toMatchObject({ acknowledged: 6, verified: 6, missing: 0, duplicated: 0, archiveMismatched: 0, problems: [] });
  });

  it("counts a missing message, a duplicated upload, an unsent document and a wrong end state", () => {
    const r = judge(
      ledger({
        messages: [{ marker: A, instanceId: "i1", acked: true }],
        uploads: [{ marker: B, name: `Carga ${B}`, recordId: "r1", acked: true, limited: false }],
        sends: [{ documentIds: ["d1"], recordId: "r1", acked: true }],
        archive: new Map([["2026-000001", { archived: false, uncertain: false, acknowledged: 1 }]]),
      }),
      {
        messages: [],
        documents: [
          { id: "d0", name: `Carga ${B}`, stage: "pending" },
          { id: "d2", name: `Carga ${B}`, stage: "pending" },
          { id: "d1", name: "Otro", stage: "pending" },
        ],
        communications: [{ code: "2026-000001", archived: 1 }],
      },
    );
    expect(r.missing).toBe(2); // the message and the send
    expect(r.duplicated).toBe(1);
    expect(r.archiveMismatched).toBe(1);
    expect(r.problems).toHaveLength(4);
  });

  it("lets an unacknowledged write be absent or present once, never twice; rate-limited uploads are counted apart", () => {
    const r = judge(
      ledger({
        messages: [
          { marker: A, instanceId: "i1", acked: false },
          { marker: C, instanceId: "i1", acked: false },
        ],
        uploads: [{ marker: B, name: `Carga ${B}`, recordId: "r1", acked: false, limited: true }],
      }),
      { ...none, messages: [{ message: `x [${A}]` }, { message: `x [${C}]` }, { message: `x [${C}]` }] },
    );
    expect(r).toMatchObject({ acknowledged: 0, missing: 0, duplicated: 1, unacknowledged: 3, unacknowledgedPresent: 2, rateLimited: 1 });
  });

  it("skips the end state of a communication whose last attempt got no answer", () => {
    const r = judge(ledger({ archive: new Map([["2026-000001", { archived: true, uncertain: true, acknowledged: 1 }]]) }), {
      ...none,
      communications: [{ code: "2026-000001", archived: 0 }],
    });
    expect(r).toMatchObject({ archiveChecked: 0, archiveMismatched: 0 });
  });
});
