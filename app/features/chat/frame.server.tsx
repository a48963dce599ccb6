import { randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { FormFields } from "./FormFields";
import { loadFrame } from "./form.server";
import { DraftRestored } from "~/features/session/DraftRestored";
import { pageToken } from "~/lib/csrf.server";
import { applySecurityHeaders, contentSecurityPolicy, newNonce } from "~/lib/headers.server";
import { procedureChat as t } from "~/lib/messages/procedureChat";
import type { RequestScope } from "~/lib/session.server";
import appStyles from "~/styles/app.css";
import chatStyles from "~/styles/chat.css";

/**
 * Loader of `/forms/index.html`: the form of the form screen, rendered on the server from its JSON
 * definition as a complete HTML document without script. Its form posts to the form screen
 * (`target="_parent"`), so saving navigates the whole page, with or without JavaScript.
 */
export async function formFrameResponse({ request, context }: RequestScope) {
  const frame = await loadFrame({ request, context });
  const [token, csrfCookie] = await pageToken(request);
  const html = renderToStaticMarkup(
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{t.form.frameTitle(frame.spec.header.name)}</title>
        <link rel="stylesheet" href={appStyles} />
        <link rel="stylesheet" href={chatStyles} />
      </head>
      <body className="form-frame">
        <main className="form-frame__main" aria-label={t.form.frameTitle(frame.spec.header.name)}>
          <h1 className="form-frame__title">{frame.spec.header.name}</h1>
          {frame.restored ? <DraftRestored /> : null}
          {frame.prefilled.length ? <p className="form-frame__note">{t.form.prefilled}</p> : null}
          <form
            method="post"
            action={frame.action}
            target="_parent"
            noValidate
            id="av-form"
            className="stack"
            aria-label={frame.spec.header.name}
          >
            <input type="hidden" name="csrf" value={token} />
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="key" value={randomUUID()} />
            <FormFields spec={frame.spec} values={frame.values} errors={frame.errors} />
            <button type="submit" className="btn btn--primary">
              {t.form.submit}
            </button>
          </form>
        </main>
      </body>
    </html>,
  );
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  applySecurityHeaders(headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(newNonce()));
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  if (frame.clearCookie) headers.append("Set-Cookie", frame.clearCookie);
  if (frame.clearDraft) headers.append("Set-Cookie", frame.clearDraft);
  return new Response(`<!DOCTYPE html>${html}`, { status: 200, headers });
}
