import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadReceipt } from "~/features/receipts/receipts.server";
import { ReceiptView } from "~/features/receipts/ReceiptView";
import { receipts as R } from "~/lib/messages/receipts";
import { pageTitle } from "~/lib/meta";
import receiptStyles from "~/styles/receipts.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: receiptStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => pageTitle(data ? `${R.title} ${data.receipt.number}` : R.title);

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadReceipt({ request, context }, params.id);

export default function ReceiptPage() {
  const { receipt } = useLoaderData<typeof loader>();
  return <ReceiptView receipt={receipt} />;
}
