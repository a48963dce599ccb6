/**
 * The one reading of a CUIL / CUIT (Argentine tax id) for the portal and the backend: 11 digits,
 * the last one a mod-11 check digit computed as AFIP does (weights 5 4 3 2 7 6 5 4 3 2).
 * Small and free of dependencies: the browser bundle imports it (the profile shows the CUIL).
 */

/** The shape of a CUIL as it travels in tokens, paths and bodies: 11 digits, nothing else. */
export const CUIL_PATTERN = /^\d{11}$/;

export const isCuilShape = (value: unknown): value is string => typeof value === "string" && CUIL_PATTERN.test(value);

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const PREFIXES = ["20", "23", "24", "27", "30", "33", "34"];

/** The check digit for the first ten digits, or null when none exists (AFIP changes the prefix then). */
export function cuilCheckDigit(firstTen: string): number | null {
  if (!/^\d{10}$/.test(firstTen)) return null;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(firstTen[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  if (check === 10) return null;
  return check;
}

/** True for 11 digits with a known prefix and the right check digit. */
export function isValidCuil(cuil: string): boolean {
  if (!isCuilShape(cuil)) return false;
  if (!PREFIXES.includes(cuil.slice(0, 2))) return false;
  return cuilCheckDigit(cuil.slice(0, 10)) === Number(cuil[10]);
}

/**
 * What a person types: "20-12345678-6", "20 12345678 6", "20.12345678.6" or "20123456786" (blanks
 * around are dropped) → the 11 digits; anything else → null. Only the shape is read, not the check
 * digit: a mistyped CUIL is an unknown account (the sign-in's "wrong CUIL or password"), not a
 * malformed one.
 */
export function normalizeCuil(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\d{2}[-. ]?\d{8}[-. ]?\d$/.test(trimmed)) return null;
  return trimmed.replace(/\D/g, "");
}

/**
 * 20123456786 (or any spelling normalizeCuil reads) → 20-12345678-6. Other text comes back as
 * given, and a missing CUIL (null, undefined) as null, so a page can hand over what the API sent.
 */
export function formatCuil(cuil: string): string;
export function formatCuil(cuil: string | null | undefined): string | null;
export function formatCuil(cuil: string | null | undefined): string | null {
  if (cuil == null) return null;
  const digits = normalizeCuil(cuil);
  return digits ? `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}` : cuil;
}
