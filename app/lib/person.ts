/** Display helpers for a citizen (spec section 1): the shell, the requirements and the receipts show one. */
import { furniture } from "./messages/furniture";

/** 20123456786 → 20-12345678-6: the one CUIL reading, shared with the backend. */
export { formatCuil } from "@common/cuil";

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

export const orNoData = (value: string | null | undefined) => (value && value.trim() ? value : NO_DATA);
