import { describe, expect, it } from "vitest";
import { sendCommunication } from "../../server/domain/dd/service.js";
import type { BlobStore } from "../../server/storage/index.js";
import { insertCitizen, useStack } from "./fixtures.js";

/**
 * Found by `npm run bench:load` on PostgreSQL: communications sent at the same time raced for
 * the next number of the year (max + 1) and, after the retries, some failed with a duplicate
 * key (a 500 to the operator). On PostgreSQL the number is now taken under a transaction-scoped
 * advisory lock; SQLite's writers are one at a time already.
 */
const stack = useStack();
const noFiles = { put: async () => ({ size: 0 }), delete: async () => {} } as unknown as BlobStore;

describe("sending communications concurrently", () => {
  it("gives every one of 60 simultaneous sends its own number, none failing", async () => {
    const cuils = Array.from({ length: 6 }, (_, i) => `2077${String(Date.now() % 1e6).padStart(6, "0")}${i}`);
    for (const [i, cuil] of cuils.entries())
      await insertCitizen(stack.db, { cuil, givenName: "Ana", familyName: `Carga ${i}`, email: `carga${i}@example.com` });
    const results = await Promise.allSettled(
      cuils.flatMap((cuil) =>
        Array.from({ length: 10 }, (_, k) =>
          sendCommunication(stack.db, noFiles, {
            cuil,
            subject: `Aviso ${k}`,
            client: "Rentas",
            type: "aviso",
            message: "",
            notified: false,
            files: [],
          }),
        ),
      ),
    );
    const failed = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
    expect(failed).toEqual([]);
    const codes = results.map((r) => (r as PromiseFulfilledResult<{ code: string }>).value.code);
    expect(new Set(codes).size).toBe(60);
    const stored = await stack.db.selectFrom("dd_communications").select("code").where("cuil", "in", cuils).execute();
    expect(stored).toHaveLength(60);
  });
});
