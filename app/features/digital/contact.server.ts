import { json, redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { sanitizeRichText } from "~/lib/rich-text.server";
import { z } from "zod";
import { ApiError, type ApiContext } from "~/api/client.server";
import { enroll, getContactInfo, getPolicies, getSelfDa, getTerms, setSelfDa, type Phone } from "~/api/digital.server";
import { parseForm } from "~/lib/form.server";
import { orErrorPage } from "~/lib/guards.server";
import { digital } from "~/lib/messages/digital";
import { errors } from "~/lib/messages/errors";
import { forgetSessionUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import { receiptFlashHeader, withReceipt } from "~/features/receipts/flash.server";

export const phoneValue = (p: Phone) => `${p.code}-${p.number}`;

export async function loadContact(ctx: ApiContext, withCurrent: boolean) {
  return orErrorPage(async () => {
    const [info, current] = await Promise.all([getContactInfo(ctx), withCurrent ? getSelfDa(ctx) : Promise.resolve(null)]);
    return { info, current, idempotencyKey: randomUUID() };
  });
}

const ContactSchema = (termsRequired: boolean) =>
  z.object({
    email: z.string({ required_error: errors.emailRequired }).trim().min(1, errors.emailRequired),
    phone: z.string().optional().default(""),
    terms: termsRequired ? z.literal("on", { errorMap: () => ({ message: errors.termsRequired }) }) : z.string().optional(),
    idempotencyKey: z.string().optional(),
  });

/** 'Adherirme' (create) and 'Guardar' (update): validation, the call, PRG with the toast. */
export async function contactAction(request: Request, ctx: ApiContext, mode: "create" | "update") {
  const form = await parseForm(request, ContactSchema(mode === "create"));
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
    return redirectWithToast(mode === "create" ? "/digital/adhesion" : "/digital/settings", {
      type: "ERROR",
      message: error.serverMessage ?? (mode === "create" ? T.adhesionError : T.settingsError),
    });
  }
  // Receipts (decision 033): adhering earns a receipt (with the adhesion's e-mail).
  const receipt = mode === "create" ? await receiptFlashHeader(ctx, "adhesion") : null;
  // The e-mail and phone changed: the page furniture asks the roles call again (decision 075).
  return withReceipt(
    await redirectWithToast(
      `/digital/confirm/${mode}`,
      { type: "SUCCESS", message: mode === "create" ? T.adhesionSuccess : T.settingsSuccess },
      { headers: await forgetSessionUser(request) },
    ),
    receipt,
  );
}

/** Terms / privacy HTML from the API, sanitised before it is rendered. */
export async function loadLegalText(ctx: ApiContext, kind: "terms" | "privacy") {
  try {
    const html = kind === "terms" ? await getTerms(ctx) : await getPolicies(ctx);
    return sanitizeRichText(html);
  } catch (error) {
    if (error instanceof ApiError) throw redirect("/error");
    throw error;
  }
}
