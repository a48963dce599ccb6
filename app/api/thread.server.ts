/**
 * One thread between the modules (decision 026): the communications about procedure
 * instances or a record. Our call (`GET /api/dd/v1/communications/linked/{cuil}`, docs/contract.md);
 * digital domicile conventions (User-ID header, cuil in the path).
 */
import { z } from "zod/v4";
import { api, apiJson, type ApiContext } from "./client.server";
import { offers } from "./extensions.server";
import { date, flag, id, list, optText, text, wrapped } from "./read.server";

const LinkedCommunication = z.object({
  code: id,
  subject: text,
  client: text,
  created_at: date.transform((v) => v ?? ""),
  seen_date: date,
  archived: flag(false),
  due_date: optText,
  instance_id: optText,
  record_id: optText,
});
export type LinkedCommunication = z.infer<typeof LinkedCommunication>;

const LinkedAnswer = wrapped(list(LinkedCommunication), "array", ["communications", "result", "data"]);

/** The communications about these instances or this record; none where the backend does not offer the extension. */
export async function getLinkedCommunications(
  ctx: ApiContext,
  about: { instances?: string[]; record?: string },
): Promise<LinkedCommunication[]> {
  const instances = about.instances?.filter(Boolean) ?? [];
  if (!instances.length && !about.record) return [];
  if (!(await offers(ctx, "linkedCommunications"))) return [];
  return apiJson(ctx, api`/api/dd/v1/communications/linked/${ctx.cuil}`, LinkedAnswer, {
    userId: true,
    query: { instance: instances.length ? instances.join(",") : undefined, record: about.record },
  });
}

/** The reader of the linked communications' answer: the property tests read answers through it (issue 36). */
export const threadAnswers = { linked: LinkedAnswer };
