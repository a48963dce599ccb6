import { randomUUID } from "node:crypto";
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod/v4";
import { env } from "~/env.server";
import { COOKIE_SECRETS } from "./sealed-cookie.server";

/**
 * Toasts travel as a one-time flash cookie written by actions (Post/Redirect/Get)
 * and read only by the root loader, so no two loaders race to write it.
 */
export const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(["ERROR", "SUCCESS"]),
  message: z.string().min(1).max(500),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = Omit<Toast, "id"> & { id?: string };

const TOAST_COOKIE = env.secure ? "__Host-av_toast" : "av_toast";

const toastStorage = createCookieSessionStorage({
  cookie: {
    name: TOAST_COOKIE,
    httpOnly: true,
    sameSite: "lax",
    secure: env.secure,
    path: "/",
    secrets: [...COOKIE_SECRETS],
  },
});

export async function toastHeader(input: ToastInput): Promise<string> {
  const session = await toastStorage.getSession();
  session.flash("toast", ToastSchema.parse({ id: input.id ?? randomUUID(), ...input }));
  return toastStorage.commitSession(session);
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast (root loader only). */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  // Most pages have no toast: without its cookie there is nothing to open, nor to check (a schema's
  // refusal builds an error object and its stack, work thrown away on every page without a toast).
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${TOAST_COOKIE}=`)) return { toast: null, headers: null };
  const session = await toastStorage.getSession(cookie);
  const parsed = ToastSchema.safeParse(session.get("toast"));
  if (!parsed.success) return { toast: null, headers: null };
  return { toast: parsed.data, headers: new Headers({ "Set-Cookie": await toastStorage.destroySession(session) }) };
}

/** Spec section 8: a toast shows the server's message when it sent one, else the screen's default text. */
export function errorText(error: unknown, fallback: string): string {
  const serverMessage = (error as { serverMessage?: unknown } | null)?.serverMessage;
  return typeof serverMessage === "string" && serverMessage.trim() ? serverMessage : fallback;
}
