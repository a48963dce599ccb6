/**
 * The shape of the ids the API hands out (UUIDs and short codes) as they travel in URLs and
 * forms. An id of another shape cannot name a row: it answers 404 (or 400 where the spec says so)
 * before any query runs.
 */
export const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
/** Ids that may also carry `_` (form ids, file ids of the records module). */
export const TOKEN_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const isId = (value: unknown): value is string => typeof value === "string" && ID_PATTERN.test(value);
