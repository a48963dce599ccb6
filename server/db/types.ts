/**
 * Table types for Kysely. Conventions, so the same queries run on SQLite and PostgreSQL:
 * - timestamps are ISO 8601 UTC strings made in code (`new Date().toISOString()`), which sort as text;
 * - booleans are integers 0/1 (better-sqlite3 cannot bind JS booleans): convert with `toBool`/`fromBool`;
 * - ids are made in code (UUIDs or natural keys), never by the database;
 * - `count(*)` comes back as a string on PostgreSQL: wrap it with `Number()`.
 */
export type Flag = 0 | 1;

export interface CitizensTable {
  /** 11 digits, no dashes */
  cuil: string;
  given_name: string;
  family_name: string;
  email: string | null;
  phone_code: string | null;
  phone_number: string | null;
  /** stable opaque user id (UUID) */
  uid: string;
  /** scrypt hash, see server/auth/password.ts */
  password_hash: string;
  created_at: string;
}

export interface DdAdhesionsTable {
  cuil: string;
  email: string;
  phone_code: string | null;
  phone_number: string | null;
  adhered_at: string;
}

export interface ModuleConfigsTable {
  /** procedures | records | digital */
  id: string;
  enabled: Flag;
  page_size: number;
  new_button: Flag;
  position: number;
}

export interface ModuleTabsTable {
  module_id: string;
  code: string;
  description: string;
  count: Flag;
  color: string;
  position: number;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface RevokedTokensTable {
  jti: string;
  /** ISO timestamp; the row may be deleted after it */
  expires_at: string;
}

/** Storage of the development identity provider (server/auth/oidc/adapter.ts). */
export interface OidcPayloadsTable {
  kind: string;
  id: string;
  /** JSON of the oidc-provider model */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export interface Database {
  citizens: CitizensTable;
  dd_adhesions: DdAdhesionsTable;
  module_configs: ModuleConfigsTable;
  module_tabs: ModuleTabsTable;
  app_settings: AppSettingsTable;
  revoked_tokens: RevokedTokensTable;
  oidc_payloads: OidcPayloadsTable;
}

export const toBool = (value: number | boolean | null | undefined): boolean => value === true || value === 1;
export const fromBool = (value: boolean): Flag => (value ? 1 : 0);
