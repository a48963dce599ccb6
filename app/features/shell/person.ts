/** Display helpers for the signed-in citizen (spec section 1). */
import { furniture } from "~/lib/messages/furniture";

export const NO_DATA = furniture.profile.noData;

export function initials(fullName: string | null | undefined): string {
  const words = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return furniture.profile.initialsFallback;
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toLocaleUpperCase("es-AR"))
    .join("");
}

export function firstWord(fullName: string | null | undefined): string {
  return (fullName ?? "").trim().split(/\s+/)[0] ?? "";
}

/** 20123456783 → 20-12345678-3 */
export function formatCuil(cuil: string | null | undefined): string | null {
  if (!cuil) return null;
  const digits = cuil.replace(/\D/g, "");
  return digits.length === 11 ? `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}` : cuil;
}

export const orNoData = (value: string | null | undefined) => (value && value.trim() ? value : NO_DATA);
