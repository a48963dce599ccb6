import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { getConfig, revokeSession } from "~/api/security.server";
import { endSessionLocation } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import { getActiveSession, getSession, sessionStorage } from "~/lib/session.server";
import { clearDraftCookie } from "~/features/session/drafts.server";

export const meta: MetaFunction = () => pageTitle(furniture.profile.logout);

/** 'Cerrar sesión': revokes the token, ends the portal session, then goes to the configuration's logout URL. */
export async function action({ request }: ActionFunctionArgs) {
  await readForm(request);
  const active = await getActiveSession(request);
  let logoutUrl: string | null = null;
  if (active) {
    const ctx = { request, accessToken: active.data.accessToken, cuil: active.data.cuil };
    const [config] = await Promise.allSettled([getConfig(ctx), revokeSession(ctx)]);
    if (config.status === "fulfilled") logoutUrl = config.value.logout_url ?? null;
  }
  const session = await getSession(request);
  const location = await endSessionLocation(logoutUrl, active?.data.idToken ?? null);
  const headers = new Headers({
    // Shared terminals: the browser drops what it kept of this site (local drafts included).
    "Clear-Site-Data": '"cache", "storage"',
  });
  headers.append("Set-Cookie", await sessionStorage.destroySession(session));
  // ...and any draft kept for this citizen at an expiry (decision 032).
  headers.append("Set-Cookie", await clearDraftCookie());
  return redirect(location, { headers });
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getActiveSession(request))) return redirect("/");
  return null;
}

export default function SignOut() {
  return (
    <section aria-labelledby="page-title" className="card narrow">
      <h1 id="page-title" className="page-title">
        {furniture.profile.logout}
      </h1>
      <Form method="post" reloadDocument>
        <AuthenticityTokenInput />
        <button type="submit" className="btn btn--primary">
          {furniture.profile.logout}
        </button>
      </Form>
    </section>
  );
}
