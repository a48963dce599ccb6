/** Table types of migration 0004; `server/db/types.ts` names them in `Database`. */
import type { Flag } from "../../db/columns.js";

export const ASSOCIATION_TYPES = ["link_primary", "link_secondary", "merge_primary", "merge_secondary"] as const;
export type AssociationType = (typeof ASSOCIATION_TYPES)[number];
export type DocumentStage = "pending" | "sent" | "incorporated";
export type Detail = { label: string; value: string };
export type HeaderField = { code: string; key: string; value: string };

export interface RecordsTable {
  id: string;
  code: string;
  owner_cuil: string;
  tab_code: string;
  status_code: string;
  status_description: string;
  status_color: string;
  read_only: Flag;
  title: string;
  /** JSON string[] */
  description: string;
  /** JSON HeaderField[] */
  header: string;
  created_at: string;
  updated_at: string;
}

export interface RecordAssociationsTable {
  id: string;
  record_id: string;
  associated_record_id: string | null;
  associated_code: string;
  type: AssociationType;
  created_at: string;
}

export interface RecordDocumentsTable {
  id: string;
  record_id: string;
  file_id: string;
  stage: DocumentStage;
  name: string;
  reference: string;
  description: string | null;
  user_name: string | null;
  nro_folio: number | null;
  status_code: string | null;
  status_description: string | null;
  status_color: string | null;
  /** JSON Detail[] */
  details: string;
  created_at: string;
  updated_at: string;
  incorporated_at: string | null;
}
