/**
 * CUIL / CUIT (Argentine tax id): 11 digits, the last one a mod-11 check digit
 * computed as AFIP does (weights 5 4 3 2 7 6 5 4 3 2).
 */
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The check digit for the first ten digits, or null when none exists (AFIP changes the prefix then). */
export function cuilCheckDigit(firstTen: string): number | null {
  if (!/^\d{10}$/.test(firstTen)) return null;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(firstTen[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 11) return 0;
  if (check === 10) return null;
  return check;
}

/** True for 11 digits with a valid prefix and check digit. */
export function isValidCuil(cuil: string): boolean {
  if (!/^\d{11}$/.test(cuil)) return false;
  if (!["20", "23", "24", "27", "30", "33", "34"].includes(cuil.slice(0, 2))) return false;
  return cuilCheckDigit(cuil.slice(0, 10)) === Number(cuil[10]);
}

/** Accepts "20-12345678-6", "20 12345678 6", "20.12345678.6" or "20123456786"; returns 11 digits or null. */
export function normalizeCuil(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\d{2}[-. ]?\d{8}[-. ]?\d$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  return digits.length === 11 ? digits : null;
}

export function formatCuil(cuil: string): string {
  return `${cuil.slice(0, 2)}-${cuil.slice(2, 10)}-${cuil.slice(10)}`;
}
