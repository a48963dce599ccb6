import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ApiError, requireApiContext } from "~/api/client.server";
import { getReceipt } from "~/api/receipts.server";
import { ReceiptView } from "~/features/receipts/ReceiptView";
import { receipts as R } from "~/lib/messages/receipts";
import { pageTitle } from "~/lib/meta";
import receiptStyles from "~/styles/receipts.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: receiptStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? `${R.title} ${data.receipt.number}` : R.title);

const ID = /^[0-9a-f-]{36}$/i;

/** A receipt of the signed-in citizen ('Comprobante'); another citizen's is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireApiContext(request);
  if (!params.id || !ID.test(params.id)) throw new Response("No encontrado", { status: 404 });
  try {
    return json({ receipt: await getReceipt(ctx, params.id) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response("No encontrado", { status: 404 });
    throw error;
  }
}

export default function ReceiptPage() {
  const { receipt } = useLoaderData<typeof loader>();
  return <ReceiptView receipt={receipt} />;
}
