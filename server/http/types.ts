import type { Config } from "../config.js";
import type { Db } from "../db/index.js";
import type { BlobStore } from "../storage/index.js";

/** What every route plugin receives as options. */
export type RouteDeps = { db: Db; config: Config; store: BlobStore };
