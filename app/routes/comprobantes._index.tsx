import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadReceipts } from "~/features/receipts/receipts.server";
import { ReceiptListView } from "~/features/receipts/ReceiptListView";
import { receipts as R } from "~/lib/messages/receipts";
import { pageTitle } from "~/lib/meta";
import receiptStyles from "~/styles/receipts.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: receiptStyles }];
export const meta: MetaFunction = () => pageTitle(R.listTitle);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadReceipts({ request, context });

export default function Receipts() {
  return <ReceiptListView receipts={useLoaderData<typeof loader>().receipts} />;
}
