import { json, redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { richOrPlain } from "~/lib/rich-text.server";
import { z } from "zod/v4";
import { ApiError, type ApiContext } from "~/api/client.server";
import { enroll, getContactInfo, getPolicies, getSelfDa, getTerms, setSelfDa, type Phone } from "~/api/digital.server";
import { parseForm } from "~/lib/form.server";
import { loadStartup, orErrorPage, requireAdhered } from "~/lib/guards.server";
import { digital } from "~/lib/messages/digital";
import { errors } from "~/lib/messages/errors";
import { forgetSessionUser, requireApiContext, type RequestScope } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { digestAction, isDigestPost, loadDigestSwitch } from "~/features/datos/digest.server";
import { receiptFlashHeader, withReceipt } from "~/features/receipts/flash.server";
import { failedPage } from "~/lib/outage.server";
import { portalCookie } from "~/lib/sealed-cookie.server";
import { keepDraftHeader, restoreDraft } from "~/features/session/drafts.server";

export const phoneValue = (p: Phone) => `${p.code}-${p.number}`;

async function loadContact(scope: RequestScope, ctx: ApiContext, withCurrent: boolean) {
  const loaded = await orErrorPage(async () => {
    const [info, current] = await Promise.all([getContactInfo(ctx), withCurrent ? getSelfDa(ctx) : Promise.resolve(null)]);
    return { info, current, idempotencyKey: randomUUID() };
  });
  return { ...loaded, kept: await keptChoice(scope) };
}

/** The choice a failed 'Guardar' or 'Adherirme' kept for this page (restored once), as the form's answer. */
async function keptChoice(scope: RequestScope): Promise<{ values: Record<string, string> } | null> {
  const fields = await restoreDraft(scope);
  if (!fields) return null;
  const values: Record<string, string> = {};
  for (const key of ["email", "phone", "terms"]) if (typeof fields[key] === "string") values[key] = fields[key];
  return { values };
}

/** Loader of /digital/adhesion (unguarded): an adhered citizen goes on to the inbox. */
export async function loadAdhesion({ request, context }: RequestScope) {
  const { ctx, adhered } = await loadStartup({ request, context });
  if (adhered) throw redirect("/digital");
  return json(await loadContact({ request, context }, ctx, false));
}

/** 'Adherirme'. */
export async function adhesionAction({ request, context }: RequestScope) {
  const { ctx } = await loadStartup({ request, context });
  return contactAction(request, ctx, "create");
}

/** Loader of /digital/settings: the contact data and the daily digest's switch (decision 071). */
export async function loadSettings({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "digital");
  const [contact, digest] = await Promise.all([loadContact({ request, context }, ctx, true), loadDigestSwitch(ctx)]);
  return json({ ...contact, digest });
}

/** 'Guardar' of /digital/settings, or the digest's switch. */
export async function settingsAction({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "digital");
  // Two forms, one route: the digest's switch (decision 071) says so in its `intent`.
  if (await isDigestPost(request)) return digestAction(request, ctx);
  return contactAction(request, ctx, "update");
}

/**
 * The confirmation pages say the data changed and an e-mail went out: true only right after the
 * action. The action leaves a one-time signed cookie naming the page (as the toasts and receipts do);
 * the page reads and clears it (issue 31).
 */
const confirmCookie = portalCookie("av_confirm", { maxAge: 600 });

/** Where a confirmation page opened directly (a bookmark, a reload) sends the citizen. */
const CONFIRM_ELSEWHERE = { create: "/digital", update: "/digital/settings" } as const;

/** Loader of /digital/confirm/{accion}: 'create' or 'update', and the e-mail the confirmation went to. */
export async function loadConfirm({ request, context }: RequestScope, accion: string | undefined) {
  if (accion !== "create" && accion !== "update") throw new Response("No encontrado", { status: 404 });
  const { ctx } = await requireAdhered({ request, context }, "digital");
  const flashed = await confirmCookie.parse(request.headers.get("Cookie"));
  if (flashed !== accion) throw redirect(CONFIRM_ELSEWHERE[accion]);
  const self = await orErrorPage(() => getSelfDa(ctx));
  return json({ accion, email: self.email }, { headers: { "Set-Cookie": await confirmCookie.serialize("", { maxAge: 0 }) } });
}

/** Adhering ('create') needs the terms accepted; updating the contact does not. */
const contactSchema = (terms: z.ZodType<string | undefined>) =>
  z.object({
    email: z.string({ error: errors.emailRequired }).trim().min(1, errors.emailRequired),
    phone: z.string().optional().default(""),
    terms,
    idempotencyKey: z.string().optional(),
  });
const ContactSchema = {
  create: contactSchema(z.literal("on", { error: errors.termsRequired })),
  update: contactSchema(z.string().optional()),
};

/** 'Adherirme' (create) and 'Guardar' (update): validation, the call, PRG with the toast. */
async function contactAction(request: Request, ctx: ApiContext, mode: "create" | "update") {
  const form = await parseForm(request, ContactSchema[mode]);
  if (!form.ok) return json({ fieldErrors: form.fieldErrors, values: form.values }, { status: 400 });
  const { email, phone: phoneRaw } = form.data;
  const info = await orErrorPage(() => getContactInfo(ctx));
  const phone = info.phones.find((p) => phoneValue(p) === phoneRaw) ?? null;
  const T = digital.toasts;
  try {
    if (mode === "create") await enroll(ctx, { first_name: info.first_name, last_name: info.last_name, email, phone });
    else await setSelfDa(ctx, { email, phone });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const page = mode === "create" ? "/digital/adhesion" : "/digital/settings";
    const response = await redirectWithToast(page, {
      type: "ERROR",
      message: error.serverMessage ?? (mode === "create" ? T.adhesionError : T.settingsError),
    });
    // The page comes back with the citizen's choice, not the stored one, JavaScript or not (issue 36).
    const chosen = { email, phone: phoneRaw, ...(mode === "create" ? { terms: "on" } : {}) };
    const kept = await keepDraftHeader(ctx.cuil, page, chosen);
    if (kept) response.headers.append("Set-Cookie", kept);
    return response;
  }
  // Receipts (decision 033): adhering earns a receipt (with the adhesion's e-mail).
  const receipt = mode === "create" ? await receiptFlashHeader(ctx, "adhesion") : null;
  // The e-mail and phone changed: the page furniture asks the roles call again (decision 002).
  const headers = new Headers(await forgetSessionUser(ctx));
  headers.append("Set-Cookie", await confirmCookie.serialize(mode));
  return withReceipt(
    await redirectWithToast(
      `/digital/confirm/${mode}`,
      { type: "SUCCESS", message: mode === "create" ? T.adhesionSuccess : T.settingsSuccess },
      { headers },
    ),
    receipt,
  );
}

/** Loader of /digital/terms and /digital/privacy (unguarded, signed in). */
export async function loadLegalPage({ request, context }: RequestScope, kind: "terms" | "privacy") {
  const ctx = await requireApiContext({ request, context });
  return json({ body: await loadLegalText(ctx, kind) });
}

/** Terms / privacy from the API (HTML in a JSON text, `{ text }` or a `text/html` body): sanitised HTML, or plain text. */
async function loadLegalText(ctx: ApiContext, kind: "terms" | "privacy") {
  try {
    const html = kind === "terms" ? await getTerms(ctx) : await getPolicies(ctx);
    return richOrPlain(html);
  } catch (error) {
    if (error instanceof ApiError) throw failedPage(error);
    throw error;
  }
}
