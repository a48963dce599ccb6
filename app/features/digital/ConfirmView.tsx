import { Link } from "~/ui/Link";
import { digital } from "~/lib/messages/digital";

/** /digital/confirm/{accion}: no 'Configuración' button here (spec section 2). */
export function ConfirmView({ accion, email }: { accion: string; email: string }) {
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
