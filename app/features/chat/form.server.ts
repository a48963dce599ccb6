/**
 * The form screen (`/procedures/form/`) and its frame (`/forms/index.html`). The frame is a
 * server-rendered HTML document (no script) whose form posts to the form screen's action with
 * `target="_parent"`, so the whole flow works without JavaScript. An invalid attempt is kept
 * for one minute in a signed, HttpOnly cookie so the frame can show the citizen's answers and
 * the errors tied to their fields; nothing is sent to the API then.
 */
import { randomUUID } from "node:crypto";
import { json, redirect } from "@remix-run/node";
import { ApiError, type ApiContext } from "~/api/client.server";
import { listInstances } from "~/api/procedures.server";
import { createFormInstance, getChat, getFirstChat, getFormData, saveDraftForm, saveInstanceForm, type FormSpec } from "~/api/chat.server";
import { readForm } from "~/lib/form.server";
import { moduleConfig, orErrorPage, requireAdhered, type Startup } from "~/lib/guards.server";
import { trayHref } from "~/features/procedures/url";
import { procedureChat as t } from "~/lib/messages/procedureChat";
import { errorText, redirectWithToast } from "~/lib/toast.server";
import { validateForm, type FormDefinition } from "@common/forms";
import { fieldErrorText, valuesFrom, type FieldErrors } from "./FormFields";
import { clearDraftCookie, formFields, keepDraftOnExpiry, restoreDraft } from "~/features/session/drafts.server";
import { receiptFlashHeader, withReceipt } from "~/features/receipts/flash.server";
import { prefilled } from "~/features/procedures/form-prefill.server";
import type { RequestScope } from "~/lib/session.server";
import { portalCookie } from "~/lib/sealed-cookie.server";

const ID = /^[A-Za-z0-9-]{1,64}$/;
const FORM_ID = /^[A-Za-z0-9_-]{1,64}$/;

const attemptCookie = portalCookie("av_form_attempt", { maxAge: 60 });

type Attempt = { formId: string; values: Record<string, string | string[]>; errors: FieldErrors };

export type FormParams = { procedure: string | null; instance: string | null; form: string | null; terms: boolean };

export function formParams(request: Request): FormParams {
  const q = new URL(request.url).searchParams;
  const pick = (name: string, re: RegExp) => {
    const v = q.get(name);
    if (v === null || v === "") return null;
    if (!re.test(v)) throw redirect("/error");
    return v;
  };
  return { procedure: pick("procedure", ID), instance: pick("instance", ID), form: pick("form", FORM_ID), terms: q.get("terms") === "1" };
}

/** 'Volver' (spec section 2): the instance's chat, else the procedure's chat, else the tray. */
export function backUrl(p: FormParams): string {
  if (!p.form) return "/procedures";
  if (p.instance) return `/procedures/chat/?instance=${encodeURIComponent(p.instance)}`;
  return `/procedures/chat/?procedure=${encodeURIComponent(p.procedure ?? "")}`;
}

export function query(p: FormParams): string {
  const q = new URLSearchParams();
  if (p.procedure) q.set("procedure", p.procedure);
  if (p.instance) q.set("instance", p.instance);
  if (p.form) q.set("form", p.form);
  if (p.terms) q.set("terms", "1");
  return q.toString();
}

/** The procedure, the form and its data, whichever of the parameters were given. */
async function resolve(ctx: ApiContext, p: FormParams) {
  let procedure = p.procedure;
  if (p.instance) {
    const chat = await getChat(ctx, p.instance);
    procedure = chat.procedureId === null ? procedure : String(chat.procedureId);
  }
  if (!procedure) throw redirect("/error");
  let formId = p.form;
  if (!formId) {
    // The procedure's form: where `forms/first` names it (ours), else the first requested document
    // of its initial chat that is a form (spec section 3: a chat document's `spec.form.id`).
    const first = await getFirstChat(ctx, procedure);
    const documents = [...first.result.current.documents, ...first.result.events.flatMap((e) => e.documents)];
    formId = first.data.form?.id ?? documents.find((d) => d.spec.form)?.spec.form?.id ?? null;
    if (!formId) throw redirect("/error");
  }
  const data = await getFormData(ctx, procedure, p.instance, formId);
  return { procedure, formId, data };
}

export async function loadFormScreen({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  const p = formParams(request);
  const { formId, data } = await orErrorPage(() => resolve(ctx, p));
  return {
    title: data.spec.description || data.spec.header.name,
    back: backUrl(p),
    frameSrc: `/forms/index.html?${query(p)}`,
    spec: data.spec,
    formId,
  };
}

export async function loadFrame({ request, context }: RequestScope) {
  const { ctx } = await requireAdhered({ request, context }, "procedures");
  const p = formParams(request);
  const { formId, data } = await orErrorPage(() => resolve(ctx, p));
  const attempt = (await attemptCookie.parse(request.headers.get("Cookie"))) as Attempt | null;
  const usable = attempt && attempt.formId === formId ? attempt : null;
  const clear = usable ? await attemptCookie.serialize("", { maxAge: 0 }) : null;
  // Decision 032: answers posted after the session expired come back once, for the same citizen.
  const parked = usable ? null : await restoreDraft({ request, context }, `/forms/index.html?${query(p)}`);
  // Nothing asked twice: what the portal holds about the citizen fills the empty fields that ask for it.
  const own = usable || parked ? null : await prefilled(ctx, (data.spec as FormDefinition).fields, data.data);
  return {
    params: p,
    formId,
    spec: data.spec,
    values: usable?.values ?? parked ?? own?.values ?? data.data,
    prefilled: own?.filled ?? [],
    errors: usable?.errors ?? {},
    action: `/procedures/form/?${query(p)}`,
    clearCookie: clear,
    clearDraft: parked ? await clearDraftCookie() : null,
    restored: Boolean(parked),
  };
}

function errorsOf(spec: FormSpec, codes: Record<string, string>): FieldErrors {
  const out: FieldErrors = {};
  for (const field of spec.fields) if (codes[field.name]) out[field.name] = fieldErrorText(field, codes[field.name]!);
  return out;
}

/** Keeps the attempt under the cookie's size: long answers are dropped before the errors are. */
async function attemptHeader(attempt: Attempt) {
  let value = await attemptCookie.serialize(attempt);
  if (value.length > 3800) value = await attemptCookie.serialize({ ...attempt, values: {} });
  return value;
}

export type FormActionData = { invalid: true };

/**
 * The tray URL that shows a procedure just created: the create call answers only its id, so the
 * newest page of each tab is asked (together) and the first tab holding it is opened. When no
 * tab shows it (or a list fails) the tray opens on its default tab, as before.
 */
async function trayShowing({ ctx, config }: Startup, instanceId: string): Promise<string> {
  const tabs = moduleConfig(config, "procedures")?.tabs.map((tab) => tab.code) ?? [];
  const pages = await Promise.all(tabs.map((tab) => listInstances(ctx, tab, { pageNumber: 1, sort: "-createdAt" }).catch(() => null)));
  const found = tabs.find((_, i) => pages[i]?.instances.some((instance) => String(instance.id) === String(instanceId)));
  return found ? trayHref({ tab: found }, tabs[0]) : "/procedures";
}

export async function formAction({ request, context }: RequestScope) {
  // Answers sent after the session expired are kept for the same citizen's next sign-in (the frame restores them).
  const kept = formParams(request);
  await keepDraftOnExpiry({ request, context }, (form) => formFields(form, ["intent", "key"]), {
    draftPage: `/forms/index.html?${query(kept)}`,
    returnTo: `/procedures/form/?${query(kept)}`,
  });
  const startup = await requireAdhered({ request, context }, "procedures");
  const { ctx } = startup;
  const p = formParams(request);
  const self = `/procedures/form/?${query(p)}`;
  const form = await readForm(request);
  const { procedure, formId, data } = await orErrorPage(() => resolve(ctx, p));
  const values = valuesFrom(data.spec, form);
  const checked = validateForm(data.spec as FormDefinition, values);
  const invalid = async (codes: Record<string, string>) =>
    json<FormActionData>(
      { invalid: true },
      { status: 400, headers: { "Set-Cookie": await attemptHeader({ formId, values, errors: errorsOf(data.spec, codes) }) } },
    );
  if (!checked.valid) return invalid(checked.errors);
  const key = String(form.get("key") ?? "");
  const idempotencyKey = /^[A-Za-z0-9_-]{8,64}$/.test(key) ? key : randomUUID();
  try {
    if (p.instance) {
      await saveInstanceForm(ctx, p.instance, formId, checked.values);
      return redirectWithToast(`/procedures/chat/?instance=${encodeURIComponent(p.instance)}`, {
        type: "SUCCESS",
        message: t.toasts.formSaveSuccess,
      });
    }
    if (p.form) {
      const instanceId = await saveDraftForm(ctx, {
        procedureId: procedure,
        formId,
        formData: checked.values,
        acceptedTerms: p.terms,
        idempotencyKey,
      });
      const receipt = await receiptFlashHeader(ctx, "procedure", instanceId);
      return withReceipt(
        await redirectWithToast(`/procedures/chat/?instance=${encodeURIComponent(instanceId)}`, {
          type: "SUCCESS",
          message: t.toasts.formSaveSuccess,
        }),
        receipt,
      );
    }
    const created = await createFormInstance(ctx, {
      procedureId: procedure,
      formData: checked.values,
      acceptedTerms: p.terms,
      idempotencyKey,
    });
    const receipt = await receiptFlashHeader(ctx, "procedure", created);
    // The tray opens where the new procedure is, not on a tab that does not show it.
    const tray = await trayShowing(startup, created);
    return withReceipt(await redirectWithToast(tray, { type: "SUCCESS", message: t.toasts.formSaveSuccess }), receipt);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.code === "FORM_INVALID") return invalid({});
    return redirectWithToast(self, { type: "ERROR", message: errorText(error, t.toasts.formSaveError) });
  }
}
