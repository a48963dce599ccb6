/** Table type of `operators` (migration 0014, decision 007); `server/db/types.ts` names it in `Database`. */
export interface OperatorsTable {
  id: string;
  name: string;
  organismo: string;
  /** sha256 of the bearer token, lower-case hex; the token itself is shown once and never stored */
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}
