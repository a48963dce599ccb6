import type { Generated } from "kysely";

/** Table type of `file_renditions` (migrations 0010, 0022); `server/db/types.ts` names it in `Database`. */
export interface FileRenditionsTable {
  id: string;
  file_id: string;
  /** image | text */
  kind: string;
  page: number;
  /** pixels wide for images; 0 for text */
  width: number;
  mime: string | null;
  storage_key: string | null;
  /** bigint: PostgreSQL returns it as a string, wrap with Number() */
  size: number | string;
  /** BAD_PDF | NO_PAGE | TOO_LARGE | TIMEOUT when the page could not be drawn; null when it was */
  error_code: string | null;
  /** failed attempts in a row (0 on a drawn page): the wait before the next one grows with it */
  failures: Generated<number>;
  /** when the row was written; for a failure, when the page was last tried */
  created_at: string;
}
