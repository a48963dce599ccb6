/** Table type of `files` (migration 0003); `server/db/types.ts` names it in `Database`. */
export interface FilesTable {
  id: string;
  owner_cuil: string;
  name: string;
  mime: string;
  /** bigint: PostgreSQL returns it as a string, wrap with Number() */
  size: number | string;
  sha256: string;
  storage_key: string;
  page_count: number | null;
  created_at: string;
}
