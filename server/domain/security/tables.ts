/** Table type of `rate_limit_hits` (migration 0011). */
export interface RateLimitHitsTable {
  /** what is limited, e.g. `upload` */
  scope: string;
  /** who is counted, e.g. the citizen's cuil */
  subject: string;
  /** ISO start of the fixed window */
  window_start: string;
  hits: number;
}
