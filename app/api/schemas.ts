import { z } from "zod/v4";
import { count, flag, id, list, optText, orEmpty, text } from "./read.server";

/**
 * Entities of spec section 3, read tolerantly (decision 098): what the spec names, in the shapes a
 * backend may reasonably send where the spec is silent, normalised into the portal's own model.
 */
export const UserSchema = z.object({
  cn: text,
  email: optText,
  /** the session knows the citizen's cuil: an answer without one is read as '' (getRoles fills it in) */
  cuil: orEmpty(id, () => ""),
  uid: optText,
  telephone_number: optText,
});

/** A module's id, in any case (`PROCEDURES`). */
export const ModuleIdSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z.enum(["procedures", "records", "digital"]),
);
export type ModuleId = z.infer<typeof ModuleIdSchema>;

/**
 * A tab (spec: "tabs with counts"): `count` says whether the tab shows its count. A backend may send
 * the flag, or the count itself (a number): a tab that comes with a number shows a count.
 */
export const TabSchema = z.object({
  code: id,
  description: text,
  count: orEmpty(z.union([z.boolean(), z.number(), z.string()]).nullish(), () => null).transform((v) =>
    typeof v === "boolean" ? v : v === null || v === undefined ? true : !/^(false|no)$/i.test(String(v).trim()),
  ),
  color: optText,
});
export type TabConfig = z.infer<typeof TabSchema>;

/** The spec's page size (section 9): the module's pageSize; a missing or odd one falls back to 10. */
const pageSize = count
  .catch(10)
  .optional()
  .transform((v) => (v && v > 0 ? v : 10));

export const ModuleSchema = z.object({
  id: ModuleIdSchema,
  enabled: flag(true),
  pageSize,
  newButton: flag(false),
  tabs: list(TabSchema),
});

/** Modules the portal does not know (a backend may have more) are left out, not refused. */
const modules = z
  .array(z.unknown())
  .transform((items) => items.filter((m) => ModuleIdSchema.safeParse((m as { id?: unknown } | null)?.id).success))
  .pipe(z.array(ModuleSchema));

export const ConfigSchema = z.object({
  logout_url: optText,
  tenant: optText,
  modules,
});
export type PortalConfig = z.infer<typeof ConfigSchema>;

/** Instance fields shared by procedures and records (spec section 3, Instance): lines, one text, or none. */
export const InstanceDescriptionSchema = z
  .preprocess((v) => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]), list(optText))
  .transform((lines) => lines.filter((line): line is string => line !== null));

export const PayloadDescriptionsSchema = list(z.object({ code: optText, label: text, value: text }));

/** The instance's state: `{ text, color }` (or `{ description, color }`…), or a bare text; unreadable or empty, none. */
export const CurrentStateSchema = orEmpty(
  z.preprocess(
    (v) => (typeof v === "object" && v !== null && !Array.isArray(v) ? { text: v, color: (v as { color?: unknown }).color } : { text: v }),
    z.object({ text, color: optText }),
  ),
  () => null,
).transform((v) => (v && v.text ? v : null));
