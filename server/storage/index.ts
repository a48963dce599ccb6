/**
 * Blob storage behind one small streaming interface (`BlobStore`, ./blob-store.ts): files on disk
 * (the default, DATA_DIR/blobs) or an S3-compatible object store, chosen by configuration
 * (decision 057). Nothing else in the code touches blob files or objects.
 */
import path from "node:path";
import type { Config } from "../config.js";
import type { Db } from "../db/index.js";
import type { BlobStore } from "./blob-store.js";
import { createDiskBlobStore } from "./disk.js";
import { recordWrites } from "./recorded.js";

export {
  payloadTooLarge,
  TOO_LARGE_MESSAGE,
  UPLOAD_LIMIT_BYTES,
  type BlobEntry,
  type BlobStore,
  type PartialUpload,
} from "./blob-store.js";
export { createDiskBlobStore } from "./disk.js";
export { recordWrites } from "./recorded.js";
export type { S3StoreOptions } from "./s3.js";

type StorageConfig = Pick<
  Config,
  | "dataDir"
  | "BLOB_STORE"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_FORCE_PATH_STYLE"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_PREFIX"
>;

/**
 * The blob store the configuration names: `BLOB_STORE=s3` with the `S3_*` settings, or disk under
 * DATA_DIR/blobs, writing down in `db` every key it writes (`recordWrites`: the sweeper deletes only
 * those). The AWS SDK is loaded only for S3 (about 2 s and 24 MB at start otherwise).
 */
export async function blobStoreFromConfig(config: StorageConfig, db: Db): Promise<BlobStore> {
  return recordWrites(await configuredStore(config), db);
}

async function configuredStore(config: StorageConfig): Promise<BlobStore> {
  if (config.BLOB_STORE !== "s3") return createDiskBlobStore(path.join(config.dataDir, "blobs"));
  const { createS3BlobStore } = await import("./s3.js");
  return createS3BlobStore({
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: config.S3_PREFIX,
  });
}
