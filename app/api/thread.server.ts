/**
 * One thread between the modules (decision 026): the communications about procedure
 * instances or a record. Our call (`GET /api/dd/v1/communications/linked/{cuil}`, docs/contract.md);
 * digital domicile conventions (User-ID header, cuil in the path).
 */
import { z } from "zod/v4";
import { apiJson, seg, type ApiContext } from "./client.server";

const LinkedCommunication = z.object({
  code: z.string(),
  subject: z.string(),
  client: z.string(),
  created_at: z.string(),
  seen_date: z.string().nullable(),
  archived: z.boolean(),
  due_date: z.string().nullable().optional().default(null),
  instance_id: z.string().nullable().optional().default(null),
  record_id: z.string().nullable().optional().default(null),
});
export type LinkedCommunication = z.infer<typeof LinkedCommunication>;

const LinkedAnswer = z.object({ communications: z.array(LinkedCommunication) });

export async function getLinkedCommunications(
  ctx: ApiContext,
  about: { instances?: string[]; record?: string },
): Promise<LinkedCommunication[]> {
  const instances = about.instances?.filter(Boolean) ?? [];
  if (!instances.length && !about.record) return [];
  const r = await apiJson(ctx, `/api/dd/v1/communications/linked/${seg(ctx.cuil)}`, LinkedAnswer, {
    userId: true,
    query: { instance: instances.length ? instances.join(",") : undefined, record: about.record },
  });
  return r.communications;
}
