import { z } from "zod/v4";
import { getAccessDigest, setAccessDigest } from "~/api/accesses.server";
import { ApiError, type ApiContext } from "~/api/client.server";
import { isAdhered } from "~/api/digital.server";
import { getConfig } from "~/api/security.server";
import { parseForm, postedIntent } from "~/lib/form.server";
import { moduleEnabled } from "~/lib/guards.server";
import { accessDigest as T } from "~/lib/messages/accessDigest";
import { errorText, redirectWithToast } from "~/lib/toast.server";
import { DIGEST_INTENT } from "./digest";

/**
 * The switch of the daily e-mail digest (decision 071): a form of its own below the spec's contact
 * form on /digital/settings ('Configuración'), and its state on /datos. Beside the spec, so it never
 * costs the spec's screen anything: not offered (404) or failing, it is simply not shown.
 */
export async function loadDigestSwitch(ctx: ApiContext): Promise<boolean | null> {
  try {
    return await getAccessDigest(ctx);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/**
 * The state for /datos (any signed-in citizen): only for one who can reach the switch, that is
 * adhered with the digital domicile module on (the digest goes to the adhesion's e-mail).
 */
export async function loadDigestNote(ctx: ApiContext): Promise<boolean | null> {
  try {
    const [enabled, config, adhered] = await Promise.all([getAccessDigest(ctx), getConfig(ctx), isAdhered(ctx)]);
    return enabled !== null && adhered && moduleEnabled(config, "digital") ? enabled : null;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** Whether a post to /digital/settings is this form's (its `intent`), not the spec's contact form. */
export async function isDigestPost(request: Request): Promise<boolean> {
  return (await postedIntent(request)) === DIGEST_INTENT;
}

const DigestForm = z.object({ intent: z.literal(DIGEST_INTENT), enabled: z.literal("on").optional() });

/** Saves the switch (an unticked checkbox sends nothing: off); Post/Redirect/Get with a toast. */
export async function digestAction(request: Request, ctx: ApiContext) {
  const form = await parseForm(request, DigestForm);
  if (!form.ok) return redirectWithToast("/digital/settings", { type: "ERROR", message: T.toasts.error });
  try {
    const enabled = await setAccessDigest(ctx, form.data.enabled === "on");
    return redirectWithToast("/digital/settings", { type: "SUCCESS", message: enabled ? T.toasts.on : T.toasts.off });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return redirectWithToast("/digital/settings", { type: "ERROR", message: errorText(error, T.toasts.error) });
  }
}
