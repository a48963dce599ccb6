import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@common/error-codes";
import { isId } from "@common/ids";
import { UPLOAD_LIMIT_BYTES } from "@common/limits";
import { FOLDED_LETTERS, likePattern, normalizeSearch } from "@common/search";
import { dayIn } from "@common/time-zone";
import { errors } from "~/lib/messages";

describe("common/search: one accent and case rule", () => {
  it("drops accents and case and folds white space", () => {
    expect(normalizeSearch("  Gestión   de  TRÁMITES ")).toBe("gestion de tramites");
    expect(normalizeSearch("Ñandú Pingüino")).toBe("nandu pinguino");
  });

  it("escapes LIKE wildcards after normalising", () => {
    expect(likePattern("100%_Á\\")).toBe("%100\\%\\_a\\\\%");
  });

  it("folds each listed letter exactly as normalizeSearch does (the SQL fold and the term agree)", () => {
    for (const [letter, folded] of FOLDED_LETTERS) expect(normalizeSearch(letter), letter).toBe(folded);
  });
});

describe("common/time-zone", () => {
  it("is Buenos Aires (UTC-3): the day turns at 03:00 UTC", () => {
    expect(dayIn(Date.parse("2026-11-25T02:59:59Z"))).toBe("2026-11-24");
    expect(dayIn(Date.parse("2026-11-25T03:00:00Z"))).toBe("2026-11-25");
    expect(dayIn(new Date("2026-12-31T23:00:00Z"))).toBe("2026-12-31");
    expect(dayIn(new Date("2027-01-01T03:00:00Z"))).toBe("2027-01-01");
  });
});

describe("common/ids and limits", () => {
  it("accepts the API's ids and nothing that could carry a path or a query", () => {
    expect(isId("0b5f7c1e-4d3a-4a2b-9c8d-1e2f3a4b5c6d")).toBe(true);
    for (const bad of ["", "../x", "a/b", "a?b", "x".repeat(65), 7]) expect(isId(bad)).toBe(false);
  });

  it("holds the upload limit the citizen's message names, and the archive's error code", () => {
    expect(errors.upload.tooLarge).toContain(`${UPLOAD_LIMIT_BYTES / 1024 ** 2}MB`);
    expect(ERROR_CODES).toContain("ARCHIVE_EMPTY");
  });
});
