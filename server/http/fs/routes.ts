import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  cleanFileName,
  tooManyFiles,
  getOwnedFile,
  openFile,
  pageAsPdf,
  pageCountOf,
  saveFile,
  UPLOAD_LIMIT_BYTES,
  type FileRow,
} from "../../domain/files/index.js";
import { deleteFileRow, renameFile } from "../../domain/files/repository.js";
import { ApiError } from "../../errors.js";
import { payloadTooLarge } from "../../storage/index.js";
import { isUnreferencedFileOf } from "../../jobs/orphans-repository.js";
import { removeUnreferencedFile } from "../../jobs/sweeper.js";
import { limitUploads } from "../security/upload-limit.js";
import type { RouteDeps } from "../types.js";
import { parse } from "../validation.js";
import { contentDisposition, decodeBase64Name, downloadName } from "./content-disposition.js";
import { withTypeExtension } from "../../../common/file-names.js";

const IdParams = z.object({ id: z.string().min(1).max(64) });
const PageParams = z.object({ id: z.string().min(1).max(64), page: z.coerce.number().int().min(1).max(1_000_000) });
const BucketParams = z.object({ base64FileName: z.string().min(1).max(2000), fileId: z.string().min(1).max(64) });

const TEXT_FIELDS = new Set(["filename", "system", "documentTypeCode", "code"]);

/** The shared files layer over HTTP (`/api/fs`); every call is scoped to the signed-in citizen. */
export const fsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, store, config }) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 8, fieldSize: 2000, parts: 10, headerPairs: 50 },
  });

  // Uploads per citizen are rate limited (counted in the database, before the body is read).
  app.post("/fs/raw/bucket", { preHandler: limitUploads({ db, config }) }, async (request, reply) => {
    if (!request.isMultipart()) throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "Se esperaba un formulario multipart.");
    const fields: Record<string, string> = {};
    let saved: FileRow | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (part.fieldname !== "file" || saved) {
            part.file.resume();
            continue;
          }
          saved = await saveFile(
            { db, store },
            { ownerCuil: request.citizen.cuil, name: fields.filename || part.filename || "documento", body: part.file },
          );
        } else if (TEXT_FIELDS.has(part.fieldname) && typeof part.value === "string") {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      if (saved) await deleteFileRow(db, saved.id).then(() => store.delete(saved!.storage_key));
      const code = (error as { code?: string }).code;
      if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") throw tooManyFiles();
      if (code === "FST_REQ_FILE_TOO_LARGE" || (error as { statusCode?: number }).statusCode === 413) throw payloadTooLarge();
      throw error;
    }
    if (!saved) throw ApiError.badRequest("Falta el archivo.");
    // `filename` may come after the file part: the row takes the name the citizen gave.
    if (fields.filename && cleanFileName(fields.filename) !== saved.name) {
      await renameFile(db, saved.id, cleanFileName(fields.filename));
    }
    return reply.code(200).send({ result: saved.id });
  });

  // Our extension `upload-cancel` (issue 37): an upload the citizen cancelled after the portal had
  // forwarded it is removed at once, while nothing refers to it (else 409, and it stays).
  app.delete("/fs/raw/bucket/:id", async (request, reply) => {
    const { id } = parse(IdParams, request.params);
    const row = await getOwnedFile(db, request.citizen.cuil, id);
    if (!(await isUnreferencedFileOf(db, request.citizen.cuil, id)) || !(await removeUnreferencedFile({ db, store }, row)))
      throw new ApiError(409, "CONFLICT", "El archivo ya forma parte de un trámite o expediente.");
    return reply.code(204).send();
  });

  app.get("/fs/bucket/:base64FileName/:fileId", async (request, reply) => {
    const { base64FileName, fileId } = parse(BucketParams, request.params);
    const row = await getOwnedFile(db, request.citizen.cuil, fileId);
    const name = downloadName(decodeBase64Name(base64FileName), row.name);
    const stream = await openFile({ store }, row);
    return reply
      .header("content-type", row.mime)
      .header("content-length", String(row.size))
      .header("content-disposition", contentDisposition(withTypeExtension(name, row.mime)))
      .header("x-content-type-options", "nosniff")
      .send(stream);
  });

  app.get("/fs/viewer/getPageCount/:id", async (request) => {
    const { id } = parse(IdParams, request.params);
    const row = await getOwnedFile(db, request.citizen.cuil, id);
    return { result: pageCountOf(row) };
  });

  app.get("/fs/viewer/getPageAsPdf/:id/:page", async (request, reply) => {
    const { id, page } = parse(PageParams, request.params);
    const row = await getOwnedFile(db, request.citizen.cuil, id);
    const pdf = await pageAsPdf({ store }, row, page);
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", contentDisposition(`${row.name.replace(/\.[^.]+$/, "")}-p${page}.pdf`, "inline"))
      .header("x-content-type-options", "nosniff")
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });
};
