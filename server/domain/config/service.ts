import type { DbOrTx } from "../../db/index.js";
import { toBool } from "../../db/columns.js";
import { getSettings, listModules, listTabs } from "./repository.js";

export const MODULE_IDS = ["procedures", "records", "digital"] as const;
export type ModuleId = (typeof MODULE_IDS)[number];

export type InstanceConfig = {
  logout_url: string;
  tenant: string;
  modules: Array<{
    id: ModuleId;
    enabled: boolean;
    pageSize: number;
    newButton: boolean;
    tabs: Array<{ code: string; description: string; count: boolean; color: string }>;
  }>;
};

/** The instance configuration (contract: `GET /api/v4/instances/config`), read fresh from the database. */
export async function getInstanceConfig(db: DbOrTx, defaults: { tenant: string }): Promise<InstanceConfig> {
  const [modules, tabs, settings] = await Promise.all([listModules(db), listTabs(db), getSettings(db, ["logout_url", "tenant"])]);
  return {
    logout_url: settings.get("logout_url") ?? "",
    tenant: settings.get("tenant") ?? defaults.tenant,
    modules: modules
      .filter((m): m is typeof m & { id: ModuleId } => (MODULE_IDS as readonly string[]).includes(m.id))
      .map((m) => ({
        id: m.id,
        enabled: toBool(m.enabled),
        pageSize: Number(m.page_size),
        newButton: toBool(m.new_button),
        tabs: tabs
          .filter((t) => t.module_id === m.id)
          .map((t) => ({ code: t.code, description: t.description, count: toBool(t.count), color: t.color })),
      })),
  };
}
