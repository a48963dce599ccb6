import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadTray, trayAction } from "~/features/procedures/tray.server";
import { TrayView } from "~/features/procedures/TrayView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import downloadAllStyles from "~/styles/download-all.css";
import proceduresStyles from "~/styles/procedures.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: proceduresStyles },
  { rel: "stylesheet", href: downloadAllStyles },
];

export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.procedures);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadTray({ request, context });

export const action = ({ request, context }: ActionFunctionArgs) => trayAction({ request, context });

export default function ProceduresTray() {
  return <TrayView data={useLoaderData<typeof loader>()} />;
}
