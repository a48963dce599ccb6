import { furniture as E } from "./messages/furniture";

/**
 * The portal's last-resort screens. They live in lib/, not ui/, because lib's `errorPage`
 * (resource.server.tsx) renders them for answers no route draws: a refused CSRF token, the gate's
 * refusals, a failed download; ui/ stands above lib/ (its components read the catalogue here).
 */

/** /error (spec section 2): 'Oops' and the way back. */
export function ErrorContent() {
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title" className="page-title">
        {E.errorPage.title}
      </h1>
      <p>{E.errorPage.heading}</p>
      <p>{E.errorPage.text}</p>
      <a className="btn btn--primary" href="/procedures">
        {E.errorPage.button}
      </a>
    </section>
  );
}

/** The catch-all not-found screen. */
export function NotFoundContent() {
  return (
    <section className="error-screen" aria-labelledby="notfound-title">
      <h1 id="notfound-title" className="page-title">
        {E.notFound.title}
      </h1>
      <p>{E.notFound.text}</p>
      <a className="btn btn--primary" href="/procedures">
        {E.errorPage.button}
      </a>
    </section>
  );
}

/** A document while the object store is away (issue 38): said plainly, with the way back; status 503. */
export function DocumentsUnavailableContent() {
  return (
    <section className="error-screen" aria-labelledby="documents-title">
      <h1 id="documents-title" className="page-title">
        {E.documentsUnavailable.title}
      </h1>
      <p>{E.documentsUnavailable.heading}</p>
      <p>{E.documentsUnavailable.text}</p>
      <a className="btn btn--primary" href="/procedures">
        {E.errorPage.button}
      </a>
    </section>
  );
}
