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

/** Table type of `upload_leases` (migration 0025): an upload the portal is reading for a citizen. */
export interface UploadLeasesTable {
  id: string;
  cuil: string;
  /** ISO time after which the lease no longer counts (a portal process that died gave none back) */
  expires_at: string;
}
