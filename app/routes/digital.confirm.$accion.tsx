import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getSelfDa } from "~/api/digital.server";
import { orErrorPage, requireAdhered } from "~/lib/guards.server";
import { digital } from "~/lib/messages/digital";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.digital);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const accion = params.accion;
  if (accion !== "create" && accion !== "update") throw new Response("No encontrado", { status: 404 });
  const { ctx } = await requireAdhered(request, "digital");
  const self = await orErrorPage(() => getSelfDa(ctx));
  return json({ accion, email: self.email });
}

/** No 'Configuración' button here (spec section 2). */
export default function DigitalConfirm() {
  const { accion, email } = useLoaderData<typeof loader>();
  const T = digital.confirm;
  return (
    <section className="dd narrow" aria-labelledby="page-title">
      <div className="card dd-confirm">
        <h1 id="page-title" className="page-title">
          {accion === "create" ? T.createTitle : T.updateTitle}
        </h1>
        <p>
          {T.emailSent} <strong>{email}</strong>
        </p>
        <div className="cluster">
          <Link className="btn btn--primary" to="/procedures">
            {T.goToProcedures}
          </Link>
          <Link className="btn btn--secondary" to="/digital">
            {T.goToDigital}
          </Link>
        </div>
      </div>
    </section>
  );
}
