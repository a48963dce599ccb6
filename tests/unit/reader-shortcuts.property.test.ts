import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod/v4";
import {
  count,
  countOr,
  date,
  entity,
  flag,
  id,
  maybe,
  maybeText,
  optText,
  orNull,
  readAnswer,
  readFully,
  text,
  withTolerances,
} from "~/api/read.server";

/**
 * The readers' shortcuts (issue 39), property-based: for any value at all, and for the values a
 * shortcut takes or nearly takes (texts with spaces, dates in every form, whole and other numbers,
 * objects holding a text), a reader answers with its shortcuts on what it answers with them off: the
 * same value, the same failure, the same degrades and the same tolerances noted.
 */
const SEED = 39;

const READERS: Record<string, z.ZodType> = {
  id,
  text,
  optText,
  maybeText,
  count,
  "countOr(3)": countOr(3),
  "flag()": flag(),
  "flag(true)": flag(true),
  date,
  entity,
  "orNull(id)": orNull(id),
  "orNull(text)": orNull(text),
  "maybe(count)": maybe(count),
  "maybe(id)": maybe(id),
};

const near = fc.oneof(
  fc.constantFrom("", " ", " a ", "0", "12", " 7 ", "-1", "1e3", "true", "false", "sí", "null"),
  fc.string(),
  fc.date({ noInvalidDate: true }).chain((d) =>
    fc.constantFrom<unknown>(
      d.toISOString(),
      ` ${d.toISOString()} `,
      d.toISOString().slice(0, 10),
      d
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d{3}Z$/, "-0300"),
      String(d.getTime()),
      d.getTime(),
      "2026-02-30",
      "2026-13-01",
    ),
  ),
  fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-0, 2 ** 53, 2 ** 60, Number.MAX_SAFE_INTEGER)),
  fc.record({ id: fc.oneof(fc.string(), fc.integer()), text: fc.option(fc.string()) }),
  fc.record({ code: fc.string(), description: fc.string() }),
  fc.constantFrom(null, undefined, true, false, [], {}),
);

async function outcome(reader: z.ZodType, value: unknown, full: boolean) {
  const schema = z.object({ field: reader });
  const body = value === undefined ? {} : { field: value };
  const { value: read, tolerances } = await withTolerances(async () =>
    full ? readFully(() => readAnswer(schema, body)) : readAnswer(schema, body),
  );
  return {
    data: read.read.success ? read.read.data : undefined,
    keys: read.read.success ? Object.keys(read.read.data) : undefined,
    issues: read.read.success ? [] : read.read.error.issues.map((i) => ({ code: i.code, path: i.path, message: i.message })),
    degraded: read.degraded,
    tolerances,
  };
}

describe("a reader's shortcuts answer what the full reader answers (issue 39)", () => {
  for (const [name, reader] of Object.entries(READERS)) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(near, fc.anything()), async (value) => {
          expect(await outcome(reader, value, false)).toEqual(await outcome(reader, value, true));
        }),
        { seed: SEED, numRuns: 400 },
      );
    });
  }
});
