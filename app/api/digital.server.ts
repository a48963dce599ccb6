import { z } from "zod/v4";
import { joinInboxTypes, type InboxFilterName, type InboxSelected } from "@common/inbox";
import { api, ApiError, apiJson, apiRaw, type ApiContext } from "./client.server";
import {
  orNull,
  count,
  countOr,
  date,
  entity,
  entityOf,
  flag,
  id,
  list,
  maybeText,
  omittedIn,
  optText,
  text,
  unwrap,
  wrapped,
} from "./read.server";
import { perRequest, referenceCache } from "./reference.server";

/**
 * The spec's adhesion check: a 400 answer means not adhered. Asked once per request (the root loader
 * and the page's startup rule share it, `perRequest`).
 */
export const isAdhered = perRequest(async (ctx: ApiContext): Promise<boolean> => {
  try {
    await apiJson(ctx, api`/api/dd/v1/users/get-user-self-da/${ctx.cuil}`, z.unknown(), { userId: true });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return false;
    throw error;
  }
});

// Shapes of spec section 3 (Communication, contact info), read tolerantly (decision 098); unknown
// extra fields are ignored.
const Phone = z.object({ code: text, number: text });
export type Phone = z.infer<typeof Phone>;
/** A phone as `{ code, number }`, or one text ('+54 9 11 5555 1234'), whose last eight digits are the number. */
const PhoneRead = z.union([
  Phone,
  z.string().transform((s) => {
    const digits = s.replace(/\D/g, "").replace(/^549?/, "");
    return { code: digits.slice(0, Math.max(0, digits.length - 8)), number: digits.slice(-8) };
  }),
]);
const CommunicationFile = z.object({
  id,
  file_name: text,
  downloaded: flag(false),
});
/** A communication type: `{ id, text }` (or `{ code, description }`…), or one text that is both. */
const CommunicationType = entityOf;
export type CommunicationType = { id: string; text: string };
/** A number the backend gives a communication (its sequence, its year): kept as it came, or left out. */
const numberOrText = orNull(z.union([z.number(), z.string()]));
export const Communication = z
  .object({
    code: id,
    subject: text,
    /** the sender: its name, or the entity itself (`{ id, name }`) */
    client: text,
    type: entity.transform((t) => t ?? { id: "", text: "" }),
    /** '' when it cannot be read: the date is then not shown */
    created_at: date.transform((v) => v ?? ""),
    seen_date: date,
    date_notified: date,
    notified: flag(false).optional(),
    message: text,
    archived: flag(false),
    files: list(CommunicationFile),
    sequence: numberOrText,
    year: numberOrText,
    recipient: optText,
    // Ours, beside the spec (decisions 026, 014): what it concerns and its due day `yyyy-mm-dd`.
    instance_id: optText,
    record_id: optText,
    due_date: optText,
    instance: orNull(z.object({ id, title: text })),
    record: orNull(z.object({ id, code: text, title: text.optional() })),
  })
  .transform((c) => ({ ...c, /** its files the portal could not read (the page says so) */ omittedFiles: omittedIn(c.files) }));
export type Communication = z.infer<typeof Communication>;
const InboxResponse = wrapped(
  z.object({
    communications: list(Communication),
    total: orNull(count),
    unseen: countOr(0),
    last_page: countOr(1),
  }),
  "communications",
).transform((r) => ({ ...r, total: r.total ?? r.communications.length, omitted: omittedIn(r.communications) }));
export type InboxResponse = z.infer<typeof InboxResponse>;
const HistoryEntry = z.object({ description: text, date: date.transform((v) => v ?? ""), user: text });
export type HistoryEntry = z.infer<typeof HistoryEntry>;
/** One value or a list of them: a list. */
const oneOrMore = (v: unknown) => (v === null || v === undefined || Array.isArray(v) ? v : [v]);
const ContactInfo = z.object({
  user_id: text,
  first_name: text,
  last_name: text,
  emails: z
    .preprocess(oneOrMore, list(z.union([z.string(), z.object({ email: z.string() }).transform((e) => e.email)])))
    .transform((v) => v.filter(Boolean)),
  phones: z.preprocess(oneOrMore, list(PhoneRead)),
  hrefIdCiudadana: maybeText,
});
export type ContactInfo = z.infer<typeof ContactInfo>;
const SelfDa = z.object({
  cuil: text,
  email: text,
  phone: orNull(PhoneRead).transform((p) => (p && p.number ? p : null)),
  adhered_at: maybeText,
});
export type SelfDa = z.infer<typeof SelfDa>;

/** Inbox filters of spec section 3 (named in common/inbox.ts), as sent to the API (empty values are left out). */
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
  selected?: InboxSelected;
};

export function getInbox(ctx: ApiContext, q: InboxQuery): Promise<InboxResponse> {
  return apiJson(ctx, api`/api/dd/v1/communications/inbox/${ctx.cuil}`, InboxResponse, {
    userId: true,
    query: {
      page: q.page,
      order: q.order,
      search: q.search,
      seen: q.seen,
      archived: q.archived,
      client: q.client,
      type: q.type?.length ? joinInboxTypes(q.type) : undefined,
      created_since: q.created_since,
      created_until: q.created_until,
      seen_since: q.seen_since,
      seen_until: q.seen_until,
      selected: q.selected,
    } satisfies Record<InboxFilterName, string | number | boolean | undefined>,
  });
}

/**
 * `get_one` "returns communication": that field, another wrapper, or the communication itself; one
 * without its code is the one asked for.
 */
const communicationAnswer = (code: string) =>
  wrapped(
    z.preprocess(
      (v) => (typeof v === "object" && v !== null && !Array.isArray(v) && !("code" in v && v.code != null) ? { ...v, code } : v),
      Communication,
    ),
    "subject",
    ["communication", "result", "data"],
    "communication",
  );
const HistoryAnswer = wrapped(list(HistoryEntry), "array", ["history", "result", "data"], "history");
const TypesAnswer = wrapped(list(CommunicationType), "array", ["types", "result", "data"]);
const ContactInfoAnswer = wrapped(ContactInfo, "emails", ["data", "result"]);
const SelfDaAnswer = wrapped(SelfDa, "email", ["data", "result"]);

export async function getCommunication(ctx: ApiContext, code: string, refresh = false): Promise<Communication> {
  return apiJson(ctx, api`/api/dd/v1/communications/get_one/${code}`, communicationAnswer(code), {
    userId: true,
    query: { refresh: refresh || undefined },
  });
}

export async function getHistory(ctx: ApiContext, code: string): Promise<HistoryEntry[]> {
  return apiJson(ctx, api`/api/dd/v1/communications/get_history/${code}`, HistoryAnswer, { userId: true });
}

/** Communication types: reference data, kept per process for a short time (decision 047). */
export const typesCache = referenceCache<CommunicationType[]>();

export function getTypes(ctx: ApiContext): Promise<CommunicationType[]> {
  return typesCache.get(async () => {
    return apiJson(ctx, api`/api/dd/v1/communications/types/all`, TypesAnswer, { userId: true });
  });
}

export async function archiveCommunications(ctx: ApiContext, codes: string[]): Promise<void> {
  await apiJson(ctx, api`/api/dd/v1/communications/archive`, z.unknown(), { method: "PUT", userId: true, body: { communications: codes } });
}

export async function recoverCommunications(ctx: ApiContext, codes: string[]): Promise<void> {
  await apiJson(ctx, api`/api/dd/v1/communications/recover`, z.unknown(), { method: "PUT", userId: true, body: { communications: codes } });
}

/** The file as the API streams it (the caller passes the body through, never buffers it). */
export function downloadCommunicationFile(ctx: ApiContext, code: string, fileId: string): Promise<Response> {
  return apiRaw(ctx, api`/api/dd/v1/communications/get_file/${code}/${fileId}`, {
    userId: true,
    headers: { Accept: "*/*" },
    timeoutMs: 120_000,
  });
}

export async function getContactInfo(ctx: ApiContext): Promise<ContactInfo> {
  return apiJson(ctx, api`/api/dd/v1/users/get_contact_info/${ctx.cuil}`, ContactInfoAnswer, { userId: true });
}

export async function getSelfDa(ctx: ApiContext): Promise<SelfDa> {
  return apiJson(ctx, api`/api/dd/v1/users/get-user-self-da/${ctx.cuil}`, SelfDaAnswer, { userId: true });
}

export async function enroll(
  ctx: ApiContext,
  payload: { first_name: string; last_name: string; email: string; phone: Phone | null },
): Promise<void> {
  await apiJson(ctx, api`/api/dd/v1/users/enroll`, z.unknown(), {
    method: "POST",
    userId: true,
    body: { user_id: ctx.cuil, ...payload },
  });
}

export async function setSelfDa(ctx: ApiContext, payload: { email: string; phone: Phone | null }): Promise<void> {
  await apiJson(ctx, api`/api/dd/v1/users/set-self-da`, z.unknown(), {
    method: "PUT",
    userId: true,
    body: { user_id: ctx.cuil, ...payload },
  });
}

/**
 * Terms and privacy "are HTML, requested per cuil": a `text/html` body, or JSON carrying the HTML as a
 * text (bare, or in `html`, `text`, `content`, under `data` or `result`). The caller sanitises it.
 */
const HTML_KEYS = ["html", "text", "content", "terms", "policies", "data", "result"] as const;
const HtmlText = z.preprocess((v) => unwrap(v, (x) => typeof x === "string", HTML_KEYS), z.string());

export function getTerms(ctx: ApiContext): Promise<string> {
  return apiJson(ctx, api`/api/dd/v1/users/get_terms`, HtmlText, { userId: true, headers: { Accept: "application/json, text/html" } });
}
export function getPolicies(ctx: ApiContext): Promise<string> {
  return apiJson(ctx, api`/api/dd/v1/users/get_policies`, HtmlText, { userId: true, headers: { Accept: "application/json, text/html" } });
}

/** The readers of this module's answers, by call: the property tests read answers through them (issue 36). */
export const digitalAnswers = {
  inbox: InboxResponse,
  communication: communicationAnswer("C-1"),
  history: HistoryAnswer,
  types: TypesAnswer,
  contactInfo: ContactInfoAnswer,
  selfDa: SelfDaAnswer,
};
