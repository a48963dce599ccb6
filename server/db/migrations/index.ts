import type { Migration } from "kysely";
import * as m0001 from "./0001_foundation.js";
import * as m0002 from "./0002_oidc_store.js";

/**
 * Every migration, in order. Keys sort alphabetically: keep the numeric prefix.
 * A later module adds its file here (e.g. `"0002_procedures": m0002`).
 */
export const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
  "0002_oidc_store": m0002,
};
