import { describe, expect, it } from "vitest";
import { CUIL_PATTERN, cuilCheckDigit, formatCuil, isCuilShape, isValidCuil, normalizeCuil } from "@common/cuil";

describe("common/cuil: the one reading of a CUIL", () => {
  it("has the shape of 11 digits and nothing else", () => {
    expect(isCuilShape("20123456786")).toBe(true);
    expect(CUIL_PATTERN.test("20123456786")).toBe(true);
    for (const bad of [
      "",
      "2012345678",
      "201234567860",
      "20-12345678-6",
      " 20123456786",
      "20123456786\n",
      "2012345678a",
      20123456786,
      null,
    ]) {
      expect(isCuilShape(bad), String(bad)).toBe(false);
    }
  });

  it("computes the AFIP mod-11 check digit, 0 for 11 and none for 10", () => {
    expect(cuilCheckDigit("2012345678")).toBe(6);
    expect(cuilCheckDigit("2000000000")).toBe(1);
    expect(cuilCheckDigit("2300000000")).toBe(0);
    expect(cuilCheckDigit("2000000001")).toBeNull();
    expect(cuilCheckDigit("201234567")).toBeNull();
    expect(cuilCheckDigit("20-1234567")).toBeNull();
  });

  it("is valid with a known prefix and the right check digit", () => {
    expect(isValidCuil("20123456786")).toBe(true);
    expect(isValidCuil("23000000000")).toBe(true);
    expect(isValidCuil("20123456787")).toBe(false);
    expect(isValidCuil("99123456786")).toBe(false);
    expect(isValidCuil("20-12345678-6")).toBe(false);
    for (const prefix of ["20", "23", "24", "27", "30", "33", "34"]) {
      const firstTen = `${prefix}12345678`;
      const check = cuilCheckDigit(firstTen);
      if (check !== null) expect(isValidCuil(`${firstTen}${check}`), prefix).toBe(true);
    }
  });

  it("normalizes what a person types to the 11 digits, reading the shape only", () => {
    for (const typed of ["20-12345678-6", "20 12345678 6", "20.12345678.6", " 20123456786 ", "20123456786"]) {
      expect(normalizeCuil(typed), typed).toBe("20123456786");
    }
    expect(normalizeCuil("20123456787"), "a wrong check digit is still a CUIL's shape").toBe("20123456787");
    for (const bad of ["", "20-1234-5678-6", "2012345678", "201234567860", "20--12345678-6", "20/12345678/6", "CUIL 20123456786"]) {
      expect(normalizeCuil(bad), bad).toBeNull();
    }
  });

  it("formats as XX-XXXXXXXX-X, hands other text back as given and a missing CUIL as null", () => {
    for (const cuil of ["20123456786", "20-12345678-6", " 20 12345678 6 "]) expect(formatCuil(cuil), cuil).toBe("20-12345678-6");
    for (const other of ["123", "", "20/12345678/6"]) expect(formatCuil(other), other).toBe(other);
    for (const missing of [null, undefined]) expect(formatCuil(missing)).toBeNull();
  });
});
