/** Search helpers: lower-case, accent-free text and a LIKE pattern with its wildcards escaped. */
export function normalizeText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** `%term%` for `like ... escape '\'`, with `%`, `_` and `\` of the term escaped. */
export function likePattern(term: string): string {
  return `%${normalizeText(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
