/**
 * The catalogue call of spec section 7 (`GET /api/v4/procedures/`: the root, `?filter=` a search,
 * `?parentId=` a category's children). Section 3 lists the item's fields and shapes none of them, so
 * each is read in every form a backend written from the spec may send: the type in any case
 * (section 3 writes `interactive`/`form`, section 4 `INTERACTIVE`/`FORM`), flags in any form, the
 * parent and the chain of parents as ids, as `{ id, description }` objects or as texts. An item that
 * cannot be read at all (a text instead of an object, no id) is left out; the others are shown.
 */
import { z } from "zod/v4";
import { api, apiJson, type ApiContext } from "./client.server";
import { flag, id, note, optText, text, wrapped } from "./read.server";

export type ProcedureType = "interactive" | "form";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const scalar = (v: unknown) => (typeof v === "string" || (typeof v === "number" && Number.isFinite(v)) ? String(v).trim() || null : null);
/** The first of `keys` an object holds as a text or number. */
const held = (v: Record<string, unknown>, keys: readonly string[]) => keys.map((k) => scalar(v[k])).find((x) => x !== null) ?? null;

/** `type`: any case, or an object naming it (`{ code: "FORM" }`); anything else is no known type. */
const procedureType = z.unknown().transform((v): ProcedureType | null => {
  const word = (isObject(v) ? held(v, ["code", "value", "type", "name", "description"]) : scalar(v))?.toLowerCase() ?? "";
  if (word.startsWith("form")) return "form";
  if (word.startsWith("interac")) return "interactive";
  return null;
});

/** A catalogue entry named by a parent field: its id and, when the backend gives it, its description. */
export type CatalogueRef = { id: string | null; description: string | null };

/**
 * A parent as the backend names it: an id (a number or a text), or an object holding the id and the
 * description. In `parents` a lone text may be either (an id or a name): it is kept as both, and the
 * loader tells which against the level it asked for.
 */
const refOf = (v: unknown, textIsName: boolean): CatalogueRef | null => {
  if (isObject(v)) {
    const found = { id: held(v, ["id", "code", "value"]), description: held(v, ["description", "name", "text", "label", "title"]) };
    return found.id || found.description ? found : null;
  }
  const value = scalar(v);
  if (value === null) return null;
  return { id: value, description: textIsName && typeof v === "string" ? value : null };
};

/** `parents`: a list of parents (ids, objects or texts), one parent alone, or nothing. */
const parentChain = z
  .unknown()
  .transform((v) => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]).flatMap((p) => refOf(p, true) ?? []));

export const CatalogueItemSchema = z
  .object({
    id,
    description: text.catch(""),
    type: procedureType,
    isParent: flag(false).catch(false),
    highlighted: flag(false).catch(false),
    /** an id, or the parent itself (`{ id, description }`) */
    parentId: z.unknown().transform((v) => refOf(v, false)),
    parents: parentChain,
    theme: optText.catch(null),
    organism: optText.catch(null),
    recipient: optText.catch(null),
  })
  .transform(({ parentId, ...item }) => ({ ...item, parentId: parentId?.id ?? null, parentName: parentId?.description ?? null }));
export type CatalogueItem = z.output<typeof CatalogueItemSchema>;

/** The items of an answer; one that cannot be read is left out (and said to the backend checker). */
const CatalogueItems = z
  .array(z.unknown())
  .nullish()
  .transform((items) =>
    (items ?? []).flatMap((value) => {
      const read = CatalogueItemSchema.safeParse(value);
      if (read.success) return [read.data];
      note("catalogue items left out");
      return [];
    }),
  );
const CatalogueAnswer = wrapped(CatalogueItems, "array", ["result", "procedures", "items", "data"], "result");

export function getCatalogue(ctx: ApiContext, options: { filter?: string | null; parentId?: string | null } = {}) {
  const query = options.filter ? { filter: options.filter } : options.parentId ? { parentId: options.parentId } : {};
  return apiJson(ctx, api`/api/v4/procedures/`, CatalogueAnswer, { query });
}
