/** Table type of `data_exports` (migration 0016, decision 073); `server/db/types.ts` names it in `Database`. */
export type ExportStatus = "building" | "ready";

export interface DataExportsTable {
  citizen_cuil: string;
  /** the build's id, also its blob key */
  id: string;
  status: ExportStatus;
  started_at: string;
  lease_until: string;
  created_at: string | null;
  expires_at: string | null;
  /** bigint: PostgreSQL returns it as a string, wrap with Number() */
  size: number | string | null;
  sha256: string | null;
}
