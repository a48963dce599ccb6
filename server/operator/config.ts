import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { fromBool } from "../db/columns.js";
import { forgetReferenceData } from "../domain/config/reference.js";
import { inTransaction } from "../db/index.js";
import { listChanges, logoutUrlProblem, recordChange } from "../domain/config/changes.js";
import { findModule, getSettings, putSetting, updateModule } from "../domain/config/repository.js";
import { getInstanceConfig, MODULE_IDS } from "../domain/config/service.js";
import { ApiError } from "../errors.js";
import type { RouteDeps } from "../http/types.js";
import { parse } from "../http/validation.js";
import { requirePurpose } from "./access.js";
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

  // What reaches citizens changes only with a purpose, and each change is one row of the operator
  // audit trail, in the transaction of the change (issue 28).
  const purposeOfChange = "del cambio de configuración";
  const allowedLogoutOrigins = [
    ...new Set([new URL(config.OIDC_ISSUER).origin, new URL(config.PORTAL_URL).origin, ...config.LOGOUT_URL_ORIGINS]),
  ];

  app.put("/config/modules/:id", { config: { citizenData: false } }, async (request) => {
    const purpose = requirePurpose(request, purposeOfChange);
    const { id } = parse(z.object({ id: z.enum(MODULE_IDS) }), request.params);
    const input = parse(ModuleUpdateSchema, request.body);
    const before = await findModule(db, id);
    if (!before) throw ApiError.notFound();
    const values = {
      ...(input.enabled !== undefined ? { enabled: fromBool(input.enabled) } : {}),
      ...(input.pageSize !== undefined ? { page_size: input.pageSize } : {}),
      ...(input.newButton !== undefined ? { new_button: fromBool(input.newButton) } : {}),
    };
    const shown = (m: { enabled: unknown; page_size: unknown; new_button: unknown }) =>
      JSON.stringify({ enabled: Boolean(m.enabled), pageSize: m.page_size, newButton: Boolean(m.new_button) });
    await inTransaction(db, async (trx) => {
      await updateModule(trx, id, values);
      await recordChange(
        trx,
        { operator: request.operator, purpose },
        { target: `module:${id}`, oldValue: shown(before), newValue: shown({ ...before, ...values }) },
      );
    });
    forgetReferenceData(db);
    return getInstanceConfig(db, { tenant: config.TENANT });
  });

  app.put("/config/settings/:key", { config: { citizenData: false } }, async (request) => {
    const purpose = requirePurpose(request, purposeOfChange);
    const { key } = parse(z.object({ key: z.enum(SETTING_KEYS) }), request.params);
    const { value } = parse(SettingSchema, request.body);
    if (key === "tenant" && !/^[a-z0-9-]+$/.test(value)) throw ApiError.badRequest("Nombre de tenant inválido.");
    if (key === "logout_url") {
      const problem = logoutUrlProblem(value, allowedLogoutOrigins, config.isProduction);
      if (problem) throw ApiError.badRequest(`URL de cierre de sesión inválida: ${problem}.`);
    }
    await inTransaction(db, async (trx) => {
      const before = (await getSettings(trx, [key])).get(key) ?? null;
      await putSetting(trx, key, value);
      await recordChange(trx, { operator: request.operator, purpose }, { target: `setting:${key}`, oldValue: before, newValue: value });
    });
    forgetReferenceData(db);
    return getInstanceConfig(db, { tenant: config.TENANT });
  });

  app.get("/config/changes", { config: { citizenData: false } }, async () => ({ changes: await listChanges(db) }));
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
  "config:changes": {
    usage: "config:changes",
    description: "Muestra los últimos cambios de configuración: quién, cuándo, qué valor antes y después, y el motivo.",
    options: {},
    run: (_v, call) => call("GET", "/config/changes"),
  },
  "config:setting": {
    usage: "config:setting --key logout_url|tenant --value V",
    description: "Cambia un ajuste de la instancia (URL de cierre de sesión, tenant).",
    options: { key: { type: "string" }, value: { type: "string" } },
    run: (v, call) => call("PUT", `/config/settings/${encodeURIComponent(String(v.key ?? ""))}`, { value: v.value }),
  },
};
