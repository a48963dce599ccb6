/** Table type of `file_renditions` (migration 0010), merged into the shared `Database` interface. */
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
  error_code: string | null;
  created_at: string;
}

declare module "../../db/types.js" {
  interface Database {
    file_renditions: FileRenditionsTable;
  }
}
