import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { furniture } from "~/lib/messages/furniture";
import { useNonce } from "~/lib/nonce";

const T = furniture.profile;

/** The identity provider's end-session request, posted (issue 40): see `signOutTarget`. */
export type EndSession = { action: string; fields: Record<string, string>; withoutHint: string };

/**
 * /auth/logout: without JavaScript, one button that posts 'Cerrar sesión'. Once posted, at the
 * identity provider, the page that sends its end-session request as a form post (the ID token in
 * the body, never in an address): it posts itself at once; without JavaScript the browser is sent
 * on (a refresh to the same request without the token) and the button does the same by hand.
 */
export function SignOutView({ endSession }: { endSession: EndSession | null }) {
  const nonce = useNonce();
  if (endSession) {
    return (
      <section aria-labelledby="page-title" className="card narrow">
        <noscript>
          <meta httpEquiv="refresh" content={`0; url=${endSession.withoutHint}`} />
        </noscript>
        <h1 id="page-title" className="page-title">
          {T.signingOut}
        </h1>
        <form id="end-session" method="post" action={endSession.action}>
          {Object.entries(endSession.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="btn btn--primary">
            {T.continueSignOut}
          </button>
        </form>
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: 'document.getElementById("end-session").submit();' }}
        />
      </section>
    );
  }
  return (
    <section aria-labelledby="page-title" className="card narrow">
      <h1 id="page-title" className="page-title">
        {T.logout}
      </h1>
      <Form method="post" reloadDocument>
        <AuthenticityTokenInput />
        <button type="submit" className="btn btn--primary">
          {T.logout}
        </button>
      </Form>
    </section>
  );
}
