/** Table type of `operators` (migration 0014, decision 070), merged into the shared `Database` interface. */
export interface OperatorsTable {
  id: string;
  name: string;
  organismo: string;
  /** sha256 of the bearer token, lower-case hex; the token itself is shown once and never stored */
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}

declare module "../../db/types.js" {
  interface Database {
    operators: OperatorsTable;
  }
}
