/** Table type of `files` (migration 0003), merged into the shared `Database` interface. */
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

declare module "../../db/types.js" {
  interface Database {
    files: FilesTable;
  }
}
