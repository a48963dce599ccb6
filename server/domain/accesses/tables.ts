import type { AccessAction, AccessKind } from "../../../common/accesses.js";
import type { Flag } from "../../db/columns.js";

/** Table type of `operator_accesses` (migration 0015, decision 071): append-only. */
export interface OperatorAccessesTable {
  id: string;
  occurred_at: string;
  operator_id: string;
  operator_name: string;
  organismo: string;
  citizen_cuil: string;
  kind: AccessKind;
  item_ref: string | null;
  item_label: string | null;
  action: AccessAction;
  purpose: string;
}

/** Table type of `access_digests` (migration 0017, decision 071): one row per citizen. */
export interface AccessDigestsTable {
  cuil: string;
  /** the citizen's switch: 1 = mail the digest (no row counts as 1) */
  enabled: Flag;
  /** province day (`yyyy-mm-dd`) of the last digest written */
  last_day: string | null;
  /** accesses up to this instant are in a digest already */
  covered_until: string | null;
  /** outbox row of the last digest */
  last_mail_id: string | null;
  updated_at: string;
}
