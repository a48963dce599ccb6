/**
 * Search normalisation, one rule for every list the citizen can search (procedures, records, the
 * catalogue, the inbox): case and accents never matter ('Gestión' = 'gestion' = 'GESTION'),
 * runs of white space count as one space.
 */

/** Lower-case, accent-free (every combining mark dropped after NFD), single-spaced, trimmed. */
export function normalizeSearch(value: string): string {
  return value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** `%term%` for `like … escape '\'`: the term normalised, its `%`, `_` and `\` escaped. */
export function likePattern(term: string): string {
  return `%${normalizeSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The letters `normalizeSearch` changes that Spanish text holds, upper and lower case, each with
 * what it becomes. A database that has no accent folding of its own (SQLite's lower() only folds
 * ASCII) applies this table to a column, so a column and a term folded this way compare as the
 * two normalised strings would.
 */
export const FOLDED_LETTERS: ReadonlyArray<readonly [string, string]> = [
  ..."áàâäãåÁÀÂÄÃÅ".split("").map((c) => [c, "a"] as const),
  ..."éèêëÉÈÊË".split("").map((c) => [c, "e"] as const),
  ..."íìîïÍÌÎÏ".split("").map((c) => [c, "i"] as const),
  ..."óòôöõÓÒÔÖÕ".split("").map((c) => [c, "o"] as const),
  ..."úùûüÚÙÛÜ".split("").map((c) => [c, "u"] as const),
  ..."ñÑ".split("").map((c) => [c, "n"] as const),
  ..."çÇ".split("").map((c) => [c, "c"] as const),
];
