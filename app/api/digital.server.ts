import { z } from "zod/v4";
import { ApiError, apiJson, apiRaw, seg, type ApiContext } from "./client.server";
import { perRequest, referenceCache } from "./reference.server";

/**
 * The spec's adhesion check: a 400 answer means not adhered. Asked once per request (the root loader
 * and the page's startup rule share it, `perRequest`).
 */
export const isAdhered = perRequest(async (ctx: ApiContext): Promise<boolean> => {
  try {
    await apiJson(ctx, `/api/dd/v1/users/get-user-self-da/${seg(ctx.cuil)}`, z.unknown(), { userId: true });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return false;
    throw error;
  }
});

// Shapes of spec section 3 (Communication, contact info); unknown extra fields are ignored.
const Phone = z.object({ code: z.string(), number: z.string() });
export type Phone = z.infer<typeof Phone>;
const CommunicationFile = z.object({ id: z.string(), file_name: z.string(), downloaded: z.boolean() });
const CommunicationType = z.object({ id: z.string(), text: z.string() });
export type CommunicationType = z.infer<typeof CommunicationType>;
export const Communication = z.object({
  code: z.string(),
  subject: z.string(),
  client: z.string(),
  type: z.union([CommunicationType, z.string().transform((s) => ({ id: s, text: s }))]),
  created_at: z.string(),
  seen_date: z.string().nullable(),
  date_notified: z.string().nullable().optional(),
  notified: z.boolean().optional(),
  message: z.string().optional().default(""),
  archived: z.boolean(),
  files: z.array(CommunicationFile).default([]),
  sequence: z.number().optional(),
  year: z.number().optional(),
  recipient: z.string().optional(),
  // Ours, beside the spec (decisions 026, 027): what it concerns and its due day `yyyy-mm-dd`.
  instance_id: z.string().nullable().optional(),
  record_id: z.string().nullable().optional(),
  due_date: z.string().nullable().optional(),
  instance: z.object({ id: z.string(), title: z.string() }).nullable().optional(),
  record: z.object({ id: z.string(), code: z.string(), title: z.string().optional() }).nullable().optional(),
});
export type Communication = z.infer<typeof Communication>;
const InboxResponse = z.object({
  communications: z.array(Communication),
  total: z.number(),
  unseen: z.number(),
  last_page: z.number(),
});
export type InboxResponse = z.infer<typeof InboxResponse>;
const HistoryEntry = z.object({ description: z.string(), date: z.string(), user: z.string() });
export type HistoryEntry = z.infer<typeof HistoryEntry>;
const ContactInfo = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  emails: z.array(z.string()),
  phones: z.array(Phone),
  hrefIdCiudadana: z.string().optional(),
});
export type ContactInfo = z.infer<typeof ContactInfo>;
const SelfDa = z.object({ cuil: z.string(), email: z.string(), phone: Phone.nullable(), adhered_at: z.string().optional() });
export type SelfDa = z.infer<typeof SelfDa>;

/** Inbox filters of spec section 3, as sent to the API (empty values are left out). */
export type InboxQuery = {
  page?: number;
  order?: string;
  search?: string;
  seen?: boolean;
  archived?: boolean;
  client?: string;
  type?: string[];
  created_since?: string;
  created_until?: string;
  seen_since?: string;
  seen_until?: string;
  selected?: "received" | "notify";
};

export function getInbox(ctx: ApiContext, q: InboxQuery): Promise<InboxResponse> {
  return apiJson(ctx, `/api/dd/v1/communications/inbox/${seg(ctx.cuil)}`, InboxResponse, {
    userId: true,
    query: {
      page: q.page,
      order: q.order,
      search: q.search,
      seen: q.seen,
      archived: q.archived,
      client: q.client,
      type: q.type?.length ? q.type.join(",") : undefined,
      created_since: q.created_since,
      created_until: q.created_until,
      seen_since: q.seen_since,
      seen_until: q.seen_until,
      selected: q.selected,
    },
  });
}

const CommunicationAnswer = z.object({ communication: Communication });
const HistoryAnswer = z.object({ history: z.array(HistoryEntry) });
const TypesAnswer = z.object({ types: z.array(CommunicationType) });
const ContactInfoAnswer = z.object({ data: ContactInfo });
const SelfDaAnswer = z.object({ data: SelfDa });

export async function getCommunication(ctx: ApiContext, code: string, refresh = false): Promise<Communication> {
  const r = await apiJson(ctx, `/api/dd/v1/communications/get_one/${seg(code)}`, CommunicationAnswer, {
    userId: true,
    query: { refresh: refresh || undefined },
  });
  return r.communication;
}

export async function getHistory(ctx: ApiContext, code: string): Promise<HistoryEntry[]> {
  const r = await apiJson(ctx, `/api/dd/v1/communications/get_history/${seg(code)}`, HistoryAnswer, {
    userId: true,
  });
  return r.history;
}

/** Communication types: reference data, kept per process for a short time (decision 047). */
export const typesCache = referenceCache<CommunicationType[]>();

export function getTypes(ctx: ApiContext): Promise<CommunicationType[]> {
  return typesCache.get(async () => {
    const r = await apiJson(ctx, `/api/dd/v1/communications/types/all`, TypesAnswer, {
      userId: true,
    });
    return r.types;
  });
}

export async function archiveCommunications(ctx: ApiContext, codes: string[]): Promise<void> {
  await apiJson(ctx, `/api/dd/v1/communications/archive`, z.unknown(), { method: "PUT", userId: true, body: { communications: codes } });
}

export async function recoverCommunications(ctx: ApiContext, codes: string[]): Promise<void> {
  await apiJson(ctx, `/api/dd/v1/communications/recover`, z.unknown(), { method: "PUT", userId: true, body: { communications: codes } });
}

/** The file as the API streams it (the caller passes the body through, never buffers it). */
export function downloadCommunicationFile(ctx: ApiContext, code: string, fileId: string): Promise<Response> {
  return apiRaw(ctx, `/api/dd/v1/communications/get_file/${seg(code)}/${seg(fileId)}`, {
    userId: true,
    headers: { Accept: "*/*" },
    timeoutMs: 120_000,
  });
}

export async function getContactInfo(ctx: ApiContext): Promise<ContactInfo> {
  const r = await apiJson(ctx, `/api/dd/v1/users/get_contact_info/${seg(ctx.cuil)}`, ContactInfoAnswer, { userId: true });
  return r.data;
}

export async function getSelfDa(ctx: ApiContext): Promise<SelfDa> {
  const r = await apiJson(ctx, `/api/dd/v1/users/get-user-self-da/${seg(ctx.cuil)}`, SelfDaAnswer, { userId: true });
  return r.data;
}

export async function enroll(
  ctx: ApiContext,
  payload: { first_name: string; last_name: string; email: string; phone: Phone | null },
): Promise<void> {
  await apiJson(ctx, `/api/dd/v1/users/enroll`, z.unknown(), {
    method: "POST",
    userId: true,
    body: { user_id: ctx.cuil, ...payload },
  });
}

export async function setSelfDa(ctx: ApiContext, payload: { email: string; phone: Phone | null }): Promise<void> {
  await apiJson(ctx, `/api/dd/v1/users/set-self-da`, z.unknown(), { method: "PUT", userId: true, body: { user_id: ctx.cuil, ...payload } });
}

const HtmlText = z.object({ data: z.object({ html: z.string() }) });
export async function getTerms(ctx: ApiContext): Promise<string> {
  return (await apiJson(ctx, `/api/dd/v1/users/get_terms`, HtmlText, { userId: true })).data.html;
}
export async function getPolicies(ctx: ApiContext): Promise<string> {
  return (await apiJson(ctx, `/api/dd/v1/users/get_policies`, HtmlText, { userId: true })).data.html;
}
