import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireApiContext } from "~/api/client.server";
import { listReceipts } from "~/api/receipts.server";
import { formatDateTime } from "~/lib/dates";
import { orErrorPage } from "~/lib/guards.server";
import { receipts as R } from "~/lib/messages/receipts";
import { pageTitle } from "~/lib/meta";
import receiptStyles from "~/styles/receipts.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: receiptStyles }];
export const meta: MetaFunction = () => pageTitle(R.listTitle);

/** The signed-in citizen's receipts, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireApiContext(request);
  return json({ receipts: await orErrorPage(() => listReceipts(ctx)) });
}

export default function Receipts() {
  const { receipts } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="page-title" className="receipts">
      <h1 id="page-title" className="page-title">
        {R.listTitle}
      </h1>
      <p>{R.listIntro}</p>
      {receipts.length === 0 ? (
        <p>{R.empty}</p>
      ) : (
        <ul className="receipts__list">
          {receipts.map((r) => (
            <li key={r.id} className="card receipts__item">
              <Link to={`/comprobantes/${encodeURIComponent(r.id)}`}>
                {R.kinds[r.kind]} · {r.number}
              </Link>
              <span>{formatDateTime(r.occurredAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
