import { randomUUID } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { hashPassword } from "../auth/password.js";
import { CUIL_PATTERN, cuilCheckDigit, isValidCuil } from "../../common/cuil.js";
import { ApiError } from "../errors.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import { recordAccess } from "../domain/accesses/service.js";
import { findCitizenByCuil, insertCitizen } from "../domain/citizens/repository.js";
import { insertAdhesion } from "../domain/dd/repository.js";
import { actorOf } from "./access.js";
import type { OperatorCommand } from "./command-types.js";

/**
 * Citizens for demos and tests: `POST /operator/api/citizens` creates one (a random
 * valid CUIL when none is given), adhered to the digital domicile or not.
 */
export const CreateCitizenSchema = z.object({
  cuil: z.string().regex(CUIL_PATTERN).refine(isValidCuil, "CUIL inválido").optional(),
  givenName: z.string().trim().min(1).max(100),
  familyName: z.string().trim().min(1).max(100),
  email: z.string().email().max(200).nullable().optional(),
  phone: z
    .object({ code: z.string().regex(/^\d{2,4}$/), number: z.string().regex(/^\d{6,8}$/) })
    .nullable()
    .optional(),
  password: z.string().min(8).max(200),
  adhered: z.boolean().default(false),
});

export function randomCuil(prefix: "20" | "27" = "20"): string {
  for (;;) {
    const body = prefix + String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
    const check = cuilCheckDigit(body);
    if (check !== null) return body + check;
  }
}

export const citizensOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.post("/citizens", async (request, reply) => {
    const input = parse(CreateCitizenSchema, request.body);
    const cuil = input.cuil ?? randomCuil();
    const now = new Date().toISOString();
    const passwordHash = await hashPassword(input.password);
    const actor = actorOf(request);
    await db.transaction().execute(async (tx) => {
      const existing = await findCitizenByCuil(tx, cuil);
      if (existing) throw new ApiError(409, "CONFLICT", "Ya existe un ciudadano con ese CUIL.");
      await insertCitizen(tx, {
        cuil,
        given_name: input.givenName,
        family_name: input.familyName,
        email: input.email ?? null,
        phone_code: input.phone?.code ?? null,
        phone_number: input.phone?.number ?? null,
        uid: randomUUID(),
        password_hash: passwordHash,
        created_at: now,
      });
      if (input.adhered) {
        if (!input.email) throw ApiError.badRequest("Para adherir hace falta un correo electrónico.");
        await insertAdhesion(tx, {
          cuil,
          email: input.email,
          phone_code: input.phone?.code ?? null,
          phone_number: input.phone?.number ?? null,
          adhered_at: now,
        });
      }
      // Decision 071: the citizen's contact data were written by this operator.
      await recordAccess(tx, actor, "citizen.create", { cuil, ref: null, label: null });
    });
    return reply.code(201).send({ cuil, name: `${input.givenName} ${input.familyName}` });
  });
};

export const citizenCommands: Record<string, OperatorCommand> = {
  "citizen:create": {
    usage: "citizen:create --given-name N --family-name N --password P [--email E] [--cuil C] [--adhered]",
    description: "Crea un ciudadano (adherido o no al domicilio digital).",
    options: {
      "given-name": { type: "string" },
      "family-name": { type: "string" },
      password: { type: "string" },
      email: { type: "string" },
      cuil: { type: "string" },
      adhered: { type: "boolean" },
    },
    run: (values, call) =>
      call("POST", "/citizens", {
        givenName: values["given-name"],
        familyName: values["family-name"],
        password: values.password,
        email: values.email ?? null,
        cuil: values.cuil,
        adhered: Boolean(values.adhered),
      }),
  },
};
