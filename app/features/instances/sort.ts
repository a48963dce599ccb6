/**
 * Sort of the instance lists (procedures tray and records list), spec section 9: createdAt
 * ('Fecha de inicio') or arrivedOn ('Última actualización'), ascending (+) or descending (-);
 * default createdAt descending. One definition for both modules.
 */
import { common } from "~/lib/messages/common";

export const SORT_VALUES = ["-createdAt", "+createdAt", "-arrivedOn", "+arrivedOn"] as const;
export type SortValue = (typeof SORT_VALUES)[number];
export const DEFAULT_SORT: SortValue = "-createdAt";

/** A raw `+` in a query string reads as a space: ' createdAt' means '+createdAt'. */
export function parseSort(value: string | null): SortValue {
  if (!value) return DEFAULT_SORT;
  const v = value.startsWith(" ") ? `+${value.trim()}` : value.trim();
  const withSign = /^[+-]/.test(v) ? v : `+${v}`;
  return (SORT_VALUES as readonly string[]).includes(withSign) ? (withSign as SortValue) : DEFAULT_SORT;
}

/** 'Fecha de inicio (descendente)' */
export function sortLabel(value: SortValue): string {
  const field = value.endsWith("createdAt") ? common.sort.createdAt : common.sort.arrivedOn;
  return `${field} (${value.startsWith("-") ? common.sort.descending : common.sort.ascending})`;
}
