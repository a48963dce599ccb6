import type { AccessAction, AccessKind } from "../../../common/accesses.js";

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

declare module "../../db/types.js" {
  interface Database {
    operator_accesses: OperatorAccessesTable;
  }
}
