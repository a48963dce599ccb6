/**
 * How columns are typed, so the same queries run on SQLite and PostgreSQL:
 * - timestamps are ISO 8601 UTC strings made in code (`new Date().toISOString()`), which sort as text;
 * - booleans are integers 0/1 (better-sqlite3 cannot bind JS booleans): convert with `toBool`/`fromBool`;
 * - ids are made in code (UUIDs or natural keys), never by the database;
 * - `count(*)` comes back as a string on PostgreSQL: wrap it with `Number()`.
 */
export type Flag = 0 | 1;

export const toBool = (value: number | boolean | null | undefined): boolean => value === true || value === 1;
export const fromBool = (value: boolean): Flag => (value ? 1 : 0);
