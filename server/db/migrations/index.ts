import type { Migration } from "kysely";
import * as m0001 from "./0001_foundation.js";
import * as m0002 from "./0002_oidc_store.js";
import * as m0003 from "./0003_files.js";
import * as m0004 from "./0004_records.js";
import * as m0005 from "./0005_digital.js";
import * as m0006 from "./0006_procedures.js";
import * as m0007 from "./0007_chat.js";
import * as m0008 from "./0008_subject_search.js";
import * as m0010 from "./0010_renditions.js";
import * as m0012 from "./0012_receipts.js";
import * as m0009 from "./0009_thread_deadlines.js";
import * as m0011 from "./0011_rate_limits.js";
import * as m0013 from "./0013_mail_outbox.js";
import * as m0014 from "./0014_operators.js";
import * as m0015 from "./0015_operator_accesses.js";
import * as m0016 from "./0016_data_exports.js";
import * as m0017 from "./0017_access_digests.js";
import * as m0018 from "./0018_inbox_counts.js";
import * as m0019 from "./0019_subject_seen_index.js";
import * as m0020 from "./0020_operator_changes.js";
import * as m0021 from "./0021_written_blobs.js";
import * as m0022 from "./0022_rendition_retries.js";
import * as m0023 from "./0023_mail_outbox_recipient.js";
import * as m0024 from "./0024_append_only_without_rowid.js";
import * as m0025 from "./0025_upload_leases.js";

/**
 * Every migration, in order. Keys sort alphabetically: keep the numeric prefix.
 * A later module adds its file here (e.g. `"0002_procedures": m0002`).
 */
export const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
  "0002_oidc_store": m0002,
  "0003_files": m0003,
  "0004_records": m0004,
  "0005_digital": m0005,
  "0006_procedures": m0006,
  "0007_chat": m0007,
  "0008_subject_search": m0008,
  "0010_renditions": m0010,
  "0012_receipts": m0012,
  "0009_thread_deadlines": m0009,
  "0011_rate_limits": m0011,
  "0013_mail_outbox": m0013,
  "0014_operators": m0014,
  "0015_operator_accesses": m0015,
  "0016_data_exports": m0016,
  "0017_access_digests": m0017,
  "0018_inbox_counts": m0018,
  "0019_subject_seen_index": m0019,
  "0020_operator_changes": m0020,
  "0021_written_blobs": m0021,
  "0022_rendition_retries": m0022,
  "0023_mail_outbox_recipient": m0023,
  "0024_append_only_without_rowid": m0024,
  "0025_upload_leases": m0025,
};
