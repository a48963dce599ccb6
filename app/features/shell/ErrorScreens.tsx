import { errors as E } from "~/lib/messages";

/** /error (spec section 2): 'Oops' and the way back. */
export function ErrorContent() {
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title" className="page-title">
        {E.page.title}
      </h1>
      <p>{E.page.heading}</p>
      <p>{E.page.text}</p>
      <a className="btn btn--primary" href="/procedures">
        {E.page.button}
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
        {E.page.button}
      </a>
    </section>
  );
}
