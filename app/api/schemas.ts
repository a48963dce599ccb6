import { z } from "zod/v4";

/** Entities of spec section 3 as the backend sends them. */
export const UserSchema = z.object({
  cn: z.string(),
  email: z.string().nullable().optional(),
  cuil: z.string(),
  uid: z.string().nullable().optional(),
  telephone_number: z.string().nullable().optional(),
});
export type User = z.infer<typeof UserSchema>;

export const ModuleIdSchema = z.enum(["procedures", "records", "digital"]);
export type ModuleId = z.infer<typeof ModuleIdSchema>;

export const TabSchema = z.object({
  code: z.string(),
  description: z.string(),
  count: z.boolean().optional().default(true),
  color: z.string().nullable().optional(),
});
export type TabConfig = z.infer<typeof TabSchema>;

export const ModuleSchema = z.object({
  id: ModuleIdSchema,
  enabled: z.boolean(),
  pageSize: z.number().int().positive(),
  newButton: z.boolean().optional().default(false),
  tabs: z.array(TabSchema).default([]),
});
export type ModuleConfig = z.infer<typeof ModuleSchema>;

export const ConfigSchema = z.object({
  logout_url: z.string().nullable().optional(),
  tenant: z.string().optional(),
  modules: z.array(ModuleSchema),
});
export type PortalConfig = z.infer<typeof ConfigSchema>;

/** Instance fields shared by procedures and records (spec section 3, Instance). */
export const InstanceDescriptionSchema = z
  .union([z.array(z.string()), z.string()])
  .nullable()
  .optional()
  .transform((v) => (Array.isArray(v) ? v : v ? [v] : []));

export const PayloadDescriptionsSchema = z
  .array(z.object({ code: z.string().optional(), label: z.string(), value: z.union([z.string(), z.number()]).transform(String) }))
  .nullable()
  .optional()
  .transform((v) => v ?? []);

export const CurrentStateSchema = z.object({ text: z.string(), color: z.string().nullable().optional() }).nullable().optional();
