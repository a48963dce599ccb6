/**
 * Blobs in an S3-compatible object store (AWS S3, MinIO, Ceph RGW, a cloud's), through the official
 * AWS SDK v3 (decision 057). Same contract as the disk store:
 * - `put` streams through the meter (count, hash, 413 past the limit) into `@aws-sdk/lib-storage`'s
 *   `Upload`: one PutObject for a small body, a multipart upload of `partSize` parts otherwise, with
 *   at most `queueSize` parts in memory. A failed or refused upload is aborted (no parts left) and the
 *   key is deleted, so nothing is left behind;
 * - `get` is the object's body stream, `read` a ranged GET, `delete` is idempotent (S3's own);
 * - `list` pages with ListObjectsV2 continuation tokens, `partials` with ListMultipartUploads markers,
 *   both under the prefix and only for keys that are valid keys; `abortPartial` aborts one upload.
 */
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../errors.js";
import { checkKey, drain, isKey, Meter, type BlobEntry, type BlobStore, type PartialUpload } from "./blob-store.js";

export type S3StoreOptions = {
  bucket: string;
  region: string;
  /** e.g. http://minio:9000; omitted for AWS itself */
  endpoint?: string;
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and Ceph usually need. */
  forcePathStyle?: boolean;
  /** Static credentials; omitted: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Key prefix inside the bucket (`tenant/` …); empty by default. */
  prefix?: string;
  /** Multipart part size in bytes (S3's minimum, 5 MiB, by default). */
  partSize?: number;
  /** Parts uploaded at once per upload (2 by default): memory per upload ≈ partSize × (queueSize + 1). */
  queueSize?: number;
  /** Keys per page of `list` and uploads per page of `partials` (1000, S3's maximum). */
  listPageSize?: number;
  /** A client of one's own (tests); otherwise made from the options above. */
  client?: S3Client;
};

const MIB = 1024 * 1024;

function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function notFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === "NoSuchKey" || name === "NotFound" || status(error) === 404;
}

export function createS3Client(options: Omit<S3StoreOptions, "client">): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials: options.credentials,
    // Checksums only where S3 requires them: the SDK's newer default (CRC32 trailers in aws-chunked
    // bodies) is not understood by every S3-compatible server. Integrity: our own sha256 while streaming.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function createS3BlobStore(options: S3StoreOptions): BlobStore & { client: S3Client } {
  const client = options.client ?? createS3Client(options);
  const Bucket = options.bucket;
  const prefix = options.prefix ?? "";
  const partSize = Math.max(5 * MIB, options.partSize ?? 5 * MIB);
  const queueSize = options.queueSize ?? 2;
  const pageSize = options.listPageSize ?? 1000;
  const Key = (key: string) => prefix + checkKey(key);

  async function getObject(key: string, range?: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: Key(key), Range: range }));
    } catch (error) {
      if (notFound(error)) throw ApiError.notFound();
      throw error;
    }
  }

  async function* multipartUploads(keyPrefix: string) {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await client.send(
        new ListMultipartUploadsCommand({ Bucket, Prefix: keyPrefix || undefined, KeyMarker, UploadIdMarker, MaxUploads: pageSize }),
      );
      yield page.Uploads ?? [];
      const more = page.IsTruncated === true;
      KeyMarker = more ? page.NextKeyMarker : undefined;
      UploadIdMarker = more ? page.NextUploadIdMarker : undefined;
    } while (KeyMarker);
  }

  async function abortUploadsOf(target: string) {
    for await (const uploads of multipartUploads(target)) {
      for (const u of uploads) {
        if (u.Key === target && u.UploadId)
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }));
      }
    }
  }

  return {
    client,
    async put(key, body, opts = {}) {
      const target = Key(key);
      const meter = new Meter(opts.maxBytes ?? Number.POSITIVE_INFINITY);
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      const upload = new Upload({ client, params: { Bucket, Key: target, Body: meter }, partSize, queueSize, leavePartsOnError: false });
      // The two halves stop each other: a refused body aborts the upload, a failed upload ends the body.
      const [piped, stored] = await Promise.allSettled([
        pipeline(source, meter).catch(async (error) => {
          await upload.abort().catch(() => undefined);
          throw error;
        }),
        upload.done().catch((error) => {
          meter.destroy(error);
          throw error;
        }),
      ]);
      if (piped.status === "rejected" || stored.status === "rejected") {
        drain(body);
        // Leave no object and no parts: a single PutObject may have gone through before the refusal
        // was seen, and an abort that raced the multipart upload's creation leaves that upload open.
        await client.send(new DeleteObjectCommand({ Bucket, Key: target })).catch(() => undefined);
        await abortUploadsOf(target).catch(() => undefined);
        throw piped.status === "rejected" ? piped.reason : (stored as PromiseRejectedResult).reason;
      }
      return { size: meter.bytes, sha256: meter.digest() };
    },
    async get(key) {
      const answer = await getObject(key);
      return answer.Body as Readable;
    },
    async read(key, start, end) {
      if (end <= start) {
        try {
          await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        } catch (error) {
          if (notFound(error)) throw ApiError.notFound();
          throw error;
        }
        return Buffer.alloc(0);
      }
      try {
        const answer = await getObject(key, `bytes=${start}-${end - 1}`);
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        // A range that starts past the end: the disk store gives no bytes, so does this one.
        if (status(error) === 416) return Buffer.alloc(0);
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken, MaxKeys: pageSize }),
        );
        const entries: BlobEntry[] = [];
        for (const o of page.Contents ?? []) {
          const key = (o.Key ?? "").slice(prefix.length);
          if (isKey(key)) entries.push({ key, size: Number(o.Size ?? 0), modifiedAt: o.LastModified ?? new Date(0) });
        }
        if (entries.length) yield entries;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async ready() {
      // One key of the bucket (and prefix) listed: the endpoint answers and the credentials may read it.
      await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, MaxKeys: 1 }));
    },
    async *partials() {
      for await (const uploads of multipartUploads(prefix)) {
        const page: PartialUpload[] = [];
        for (const u of uploads) {
          const key = (u.Key ?? "").slice(prefix.length);
          if (u.Key?.startsWith(prefix) && isKey(key) && u.UploadId && u.Initiated)
            page.push({ key, id: u.UploadId, startedAt: u.Initiated });
        }
        if (page.length) yield page;
      }
    },
    async abortPartial(partial) {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: Key(partial.key), UploadId: partial.id }));
      } catch (error) {
        // NoSuchUpload (404): already aborted, by another process's sweep say.
        if (!notFound(error)) throw error;
      }
    },
  };
}
