import { furniture as E } from "./messages/furniture";

/**
 * The portal's last-resort screens. They live in lib/, not ui/, because lib's `errorPage`
 * (resource.server.tsx) renders them for answers no route draws: a refused CSRF token, the gate's
 * refusals, a failed download; ui/ stands above lib/ (its components read the catalogue here).
 */

/** One screen: a title, its paragraphs and the way back to the procedures. */
function ErrorScreen({ id, title, paragraphs }: { id: string; title: string; paragraphs: string[] }) {
  return (
    <section className="error-screen" aria-labelledby={id}>
      <h1 id={id} className="page-title">
        {title}
      </h1>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <a className="btn btn--primary" href="/procedures">
        {E.errorPage.button}
      </a>
    </section>
  );
}

/** /error (spec section 2): 'Oops' and the way back. */
export function ErrorContent() {
  return <ErrorScreen id="error-title" title={E.errorPage.title} paragraphs={[E.errorPage.heading, E.errorPage.text]} />;
}

/** The catch-all not-found screen. */
export function NotFoundContent() {
  return <ErrorScreen id="notfound-title" title={E.notFound.title} paragraphs={[E.notFound.text]} />;
}

/** A document while the object store is away (issue 38): said plainly, with the way back; status 503. */
export function DocumentsUnavailableContent() {
  return (
    <ErrorScreen
      id="documents-title"
      title={E.documentsUnavailable.title}
      paragraphs={[E.documentsUnavailable.heading, E.documentsUnavailable.text]}
    />
  );
}
