import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { furniture } from "~/lib/messages/furniture";

/** /auth/logout without JavaScript: one button that posts 'Cerrar sesión'. */
export function SignOutView() {
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
