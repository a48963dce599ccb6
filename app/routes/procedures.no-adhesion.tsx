import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "~/ui/Link";
import { procedures } from "~/lib/messages/procedures";

const T = procedures.noAdhesion;
import { pageTitle } from "~/lib/meta";
import { requireApiContext } from "~/lib/session.server";

export const meta: MetaFunction = () => pageTitle(procedures.title);

/** Unguarded (the not-adhered citizen lands here), but signed in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireApiContext({ request, context });
  return json(null);
}

export default function NoAdhesion() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {procedures.title}
      </h1>
      <article className="card notice-card" aria-labelledby="no-adhesion-title">
        <h2 id="no-adhesion-title">{T.cardTitle}</h2>
        <p>{T.text}</p>
        <Link className="btn btn--primary" to="/digital/adhesion">
          {T.button}
        </Link>
      </article>
    </section>
  );
}
