import { Link } from "~/ui/Link";
import { RichText, useHydrated, type RichBody } from "~/ui";

/**
 * Terms / privacy page, opened in a new tab from the adhesion form. 'Cerrar' closes the window
 * with JavaScript (going back to the adhesion when the browser refuses); without it, a link back.
 */
export function LegalText({ title, closeLabel, body }: { title: string; closeLabel: string; body: RichBody }) {
  const hydrated = useHydrated();
  return (
    <section className="dd narrow dd-legal" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
      {/* Sanitised on the server (sanitize-html) before it gets here. */}
      <RichText body={body} className="card dd-legal__text" />
      <p>
        {/* Rendered only where it works: a text browser, which ignores the stylesheet's js-only, gets the link alone. */}
        {hydrated ? (
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              window.close();
              setTimeout(() => window.location.assign("/digital/adhesion"), 300);
            }}
          >
            {closeLabel}
          </button>
        ) : (
          <Link className="btn btn--primary" to="/digital/adhesion">
            {closeLabel}
          </Link>
        )}
      </p>
    </section>
  );
}
