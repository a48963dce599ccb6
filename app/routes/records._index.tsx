import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadRecords } from "~/features/records/list.server";
import { RecordsListView } from "~/features/records/ListView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import recordsStyles from "~/styles/records.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: recordsStyles }];

export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.records);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadRecords({ request, context });

export default function RecordsIndex() {
  return <RecordsListView data={useLoaderData<typeof loader>()} />;
}
