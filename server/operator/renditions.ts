/**
 * Operator side of the readable pages (decision 009): `POST /operator/api/renditions/retry`
 * `{ fileId }` or `{ all: true }` — CLI `files:retry-pages --file ID | --all` — deletes the recorded
 * failures of page images and texts, so that the next request of such a page draws it again
 * (after a restart with a longer RENDER_TIMEOUT_MS, a pdf.js upgrade, a load that has passed)
 * instead of waiting for its retry (RENDER_RETRY_MINUTES, a day for a broken document).
 */
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
// The repository, not the domain's index: the index re-exports the render pool, and the operator CLI
// would then share a chunk with the API that moves pool.ts out of dist/ (its worker is found beside it).
import { clearFailures } from "../domain/renditions/repository.js";
import { ApiError } from "../errors.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import type { OperatorCommand } from "./command-types.js";

// All failures only when said so: a command without options must not clear every file's.
const RetryBody = z
  .object({
    fileId: z
      .string()
      .regex(/^[0-9a-f-]{36}$/i, "un id de archivo")
      .optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((b) => Boolean(b.fileId) !== Boolean(b.all), "fileId o all, uno de los dos");

export const renditionsOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  // No citizen's data leaves or changes: failure rows hold no content, and the answer is a count.
  app.post("/renditions/retry", { config: { citizenData: false } }, async (request) => {
    const body = parse(RetryBody, request.body ?? {});
    const cleared = await clearFailures(db, body.fileId);
    request.log.info({ operatorId: request.operator.id, fileId: body.fileId ?? null, cleared }, "page failures cleared");
    if (body.fileId && cleared === 0) throw ApiError.notFound("Ese archivo no tiene páginas que hayan fallado.");
    return { cleared };
  });
};

export const renditionsCommands: Record<string, OperatorCommand> = {
  "files:retry-pages": {
    usage: "files:retry-pages --file ID | --all",
    description:
      "Borra los fallos registrados de imágenes y textos de páginas (de un archivo o de todos): el próximo pedido de esas páginas las vuelve a dibujar. Sin esto, una página que excedió el tiempo se reintenta sola tras RENDER_RETRY_MINUTES (el doble tras cada nuevo exceso, un día como máximo) y la de un documento dañado tras un día.",
    options: { file: { type: "string" }, all: { type: "boolean" } },
    // Both or neither go as they are: the API refuses them with the reason.
    run: (values, call) =>
      call("POST", "/renditions/retry", {
        ...(typeof values.file === "string" ? { fileId: values.file } : {}),
        ...(values.all === true ? { all: true } : {}),
      }),
  },
};
