import type { ModuleConfigsTable, ModuleTabsTable } from "../db/types.js";

/** Module configuration of a new instance (spec section 3, Configuration). */
export const moduleSeed: ModuleConfigsTable[] = [
  { id: "procedures", enabled: 1, page_size: 10, new_button: 1, position: 1 },
  { id: "records", enabled: 1, page_size: 10, new_button: 0, position: 2 },
  { id: "digital", enabled: 1, page_size: 10, new_button: 0, position: 3 },
];

export const tabSeed: ModuleTabsTable[] = [
  { module_id: "procedures", code: "pending", description: "Pendientes", count: 1, color: "#B45309", position: 1 },
  { module_id: "procedures", code: "in_progress", description: "En curso", count: 1, color: "#1D4ED8", position: 2 },
  { module_id: "procedures", code: "finished", description: "Finalizados", count: 1, color: "#15803D", position: 3 },
  { module_id: "procedures", code: "cancelled", description: "Cancelados", count: 0, color: "#B91C1C", position: 4 },
  { module_id: "records", code: "in_process", description: "En trámite", count: 1, color: "#1D4ED8", position: 1 },
  { module_id: "records", code: "archived", description: "Archivados", count: 0, color: "#4B5563", position: 2 },
];

export function settingsSeed(options: { issuer: string; tenant: string }) {
  return [
    { key: "logout_url", value: `${options.issuer}/session/end` },
    { key: "tenant", value: options.tenant },
  ];
}
