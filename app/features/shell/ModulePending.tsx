import { Link } from "@remix-run/react";

/** Heading of a screen whose module is not built yet: the guard and loader in front of it are real. */
export function ModulePending({ title, action }: { title: string; action?: { to: string; label: string } }) {
  return (
    <section aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title" className="page-title">
          {title}
        </h1>
        {action ? (
          <Link className="btn btn--primary" to={action.to}>
            {action.label}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
