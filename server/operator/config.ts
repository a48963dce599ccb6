import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { fromBool } from "../db/types.js";
import { forgetReferenceData } from "../domain/config/reference.js";
import { findModule, putSetting, updateModule } from "../domain/config/repository.js";
import { getInstanceConfig, MODULE_IDS } from "../domain/config/service.js";
import { ApiError } from "../errors.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import type { OperatorCommand } from "./command-types.js";

/**
 * The instance configuration without code: enable or disable a module, change its
 * page size or 'new' button, and the logout URL. Read fresh by `GET /api/v4/instances/config`.
 */
const ModuleUpdateSchema = z
  .object({ enabled: z.boolean().optional(), pageSize: z.number().int().min(1).max(100).optional(), newButton: z.boolean().optional() })
  .strict();
const SettingSchema = z.object({ value: z.string().trim().min(1).max(2000) }).strict();
const SETTING_KEYS = ["logout_url", "tenant"] as const;

export const configOperatorRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  app.get("/config", { config: { citizenData: false } }, async () => getInstanceConfig(db, { tenant: config.TENANT }));

  app.put("/config/modules/:id", { config: { citizenData: false } }, async (request) => {
    const { id } = parse(z.object({ id: z.enum(MODULE_IDS) }), request.params);
    const input = parse(ModuleUpdateSchema, request.body);
    if (!(await findModule(db, id))) throw ApiError.notFound();
    const values = {
      ...(input.enabled !== undefined ? { enabled: fromBool(input.enabled) } : {}),
      ...(input.pageSize !== undefined ? { page_size: input.pageSize } : {}),
      ...(input.newButton !== undefined ? { new_button: fromBool(input.newButton) } : {}),
    };
    await updateModule(db, id, values);
    forgetReferenceData(db);
    return getInstanceConfig(db, { tenant: config.TENANT });
  });

  app.put("/config/settings/:key", { config: { citizenData: false } }, async (request) => {
    const { key } = parse(z.object({ key: z.enum(SETTING_KEYS) }), request.params);
    const { value } = parse(SettingSchema, request.body);
    if (key === "tenant" && !/^[a-z0-9-]+$/.test(value)) throw ApiError.badRequest("Nombre de tenant inválido.");
    await putSetting(db, key, value);
    return getInstanceConfig(db, { tenant: config.TENANT });
  });
};

export const configCommands: Record<string, OperatorCommand> = {
  "config:show": {
    usage: "config:show",
    description: "Muestra la configuración de módulos.",
    options: {},
    run: (_v, call) => call("GET", "/config"),
  },
  "config:module": {
    usage: "config:module --id procedures|records|digital [--enabled true|false] [--page-size N] [--new-button true|false]",
    description: "Cambia un módulo: habilitado, tamaño de página, botón 'nuevo'.",
    options: { id: { type: "string" }, enabled: { type: "string" }, "page-size": { type: "string" }, "new-button": { type: "string" } },
    run: (v, call) =>
      call("PUT", `/config/modules/${encodeURIComponent(String(v.id ?? ""))}`, {
        ...(v.enabled !== undefined ? { enabled: v.enabled === "true" } : {}),
        ...(v["page-size"] !== undefined ? { pageSize: Number(v["page-size"]) } : {}),
        ...(v["new-button"] !== undefined ? { newButton: v["new-button"] === "true" } : {}),
      }),
  },
  "config:setting": {
    usage: "config:setting --key logout_url|tenant --value V",
    description: "Cambia un ajuste de la instancia (URL de cierre de sesión, tenant).",
    options: { key: { type: "string" }, value: { type: "string" } },
    run: (v, call) => call("PUT", `/config/settings/${encodeURIComponent(String(v.key ?? ""))}`, { value: v.value }),
  },
};
