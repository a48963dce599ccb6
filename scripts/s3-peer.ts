/**
 * A local S3-protocol server for the tests and the scale-out run: @20minutes/s3rver (pure JavaScript,
 * from npm, files under a temporary folder), spoken to over real S3 HTTP by the AWS SDK. s3rver has no
 * ListMultipartUploads and no AbortMultipartUpload, and its ListObjectsV2 continuation tokens use DES,
 * which OpenSSL 3 (Node 18 and later) no longer offers; the small handlers below answer those three
 * over s3rver's own store and upload folders, as AWS, MinIO and Ceph answer them, so the S3 store's
 * paging, abort and partial-upload sweep run against a server that speaks them (decision 057).
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import type { S3StoreOptions } from "../server/storage/index.js";

export type S3Peer = {
  endpoint: string;
  bucket: string;
  /** where the peer keeps its buckets */
  directory: string;
  /** Store options for this peer (path-style, its fixed credentials). */
  options: Omit<S3StoreOptions, "client">;
  /** The environment that makes the API use this peer (`BLOB_STORE=s3` …). */
  env: Record<string, string>;
  /** Multipart uploads started and not finished or aborted. */
  pendingUploads(): string[];
  close(): Promise<void>;
};

const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

type Ctx = {
  store: {
    listObjects(
      bucket: string,
      options: { prefix?: string; startAfter?: string; maxKeys?: number },
    ): Promise<{ objects: { key: string; size: number; lastModifiedDate: Date }[]; isTruncated: boolean }>;
  };
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
};

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** ListObjectsV2 paging, ListMultipartUploads (GET /bucket?uploads, paged by markers and max-uploads) and AbortMultipartUpload. */
function multipartAdditions(directory: string) {
  return async (ctx: Ctx, next: () => Promise<void>) => {
    const [bucket, ...rest] = ctx.path.split("/").filter(Boolean);
    const uploadsDir = path.join(directory, bucket ?? "", "._S3rver_uploads");
    if (ctx.method === "GET" && rest.length === 0 && bucket && "uploads" in ctx.query) {
      const max = Number(ctx.query["max-uploads"] ?? 1000);
      const all = await Promise.all(
        (await fsp.readdir(uploadsDir).catch(() => [] as string[])).map(async (id) => ({
          id,
          key: await fsp.readFile(path.join(uploadsDir, id, "key"), "utf8"),
          initiated: (await fsp.stat(path.join(uploadsDir, id, "key"))).mtime,
        })),
      );
      all.sort((a, b) => (a.key === b.key ? a.id.localeCompare(b.id) : a.key.localeCompare(b.key)));
      const keyMarker = ctx.query["key-marker"] ?? "";
      const idMarker = ctx.query["upload-id-marker"] ?? "";
      const rest = all.filter((u) => u.key > keyMarker || (u.key === keyMarker && u.id > idMarker));
      const page = rest.slice(0, max);
      const truncated = rest.length > page.length;
      const last = page[page.length - 1];
      ctx.type = "application/xml";
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult><Bucket>${xml(bucket)}</Bucket>` +
        `<MaxUploads>${max}</MaxUploads><IsTruncated>${truncated}</IsTruncated>` +
        (truncated && last ? `<NextKeyMarker>${xml(last.key)}</NextKeyMarker><NextUploadIdMarker>${last.id}</NextUploadIdMarker>` : "") +
        page
          .map(
            (u) =>
              `<Upload><Key>${xml(u.key)}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
          )
          .join("") +
        `</ListMultipartUploadsResult>`;
      return;
    }
    if (ctx.method === "GET" && rest.length === 0 && bucket && ctx.query["list-type"] === "2" && !ctx.query.delimiter) {
      // Continuation tokens of our own: the last key of the page, base64url.
      const token = ctx.query["continuation-token"];
      const startAfter = token ? Buffer.from(token, "base64url").toString("utf8") : (ctx.query["start-after"] ?? "");
      const max = Math.min(1000, Number(ctx.query["max-keys"] ?? 1000));
      const prefix = ctx.query.prefix ?? "";
      const { objects, isTruncated } = await ctx.store.listObjects(bucket, { prefix, startAfter, maxKeys: max });
      const last = objects[objects.length - 1];
      ctx.type = "application/xml";
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix>` +
        `<KeyCount>${objects.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${isTruncated}</IsTruncated>` +
        (token ? `<ContinuationToken>${token}</ContinuationToken>` : "") +
        (isTruncated && last ? `<NextContinuationToken>${Buffer.from(last.key).toString("base64url")}</NextContinuationToken>` : "") +
        objects
          .map(
            (o) =>
              `<Contents><Key>${xml(o.key)}</Key><LastModified>${o.lastModifiedDate.toISOString()}</LastModified><Size>${o.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
          )
          .join("") +
        `</ListBucketResult>`;
      return;
    }
    if (ctx.method === "DELETE" && rest.length > 0 && ctx.query.uploadId) {
      const dir = path.join(uploadsDir, path.basename(ctx.query.uploadId));
      if (!fs.existsSync(dir)) {
        ctx.status = 404;
        ctx.type = "application/xml";
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>`;
        return;
      }
      await fsp.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = "";
      return;
    }
    await next();
  };
}

/** Starts a peer on 127.0.0.1 (`port`, default any free one) with one bucket. */
export async function startS3Peer(options: { port?: number; bucket?: string; directory?: string } = {}): Promise<S3Peer> {
  const bucket = options.bucket ?? "blobs";
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), "av-s3-"));
  // allowMismatchedSignatures: s3rver signs a bucket-level request over `/bucket` where the SDK signs
  // `/bucket/` (listings), so it would refuse every listing; the SDK's signing is not what is tested here.
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    directory,
    silent: true,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  (server as unknown as { middleware: unknown[] }).middleware.unshift(multipartAdditions(directory));
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    options: { bucket, region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS },
    env: {
      BLOB_STORE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "1",
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    pendingUploads: () => {
      const dir = path.join(directory, bucket, "._S3rver_uploads");
      return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    },
    async close() {
      await server.close();
      if (!options.directory) await fsp.rm(directory, { recursive: true, force: true });
    },
  };
}
