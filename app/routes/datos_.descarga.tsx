import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadExportStatus, startExportAction } from "~/features/datos/export.server";
import { ExportStatusView } from "~/features/datos/ExportStatusView";
import { datos as D } from "~/lib/messages/datos";
import { pageTitle } from "~/lib/meta";
import datosStyles from "~/styles/datos.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: datosStyles }];
export const meta: MetaFunction = () => pageTitle(D.download.title);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadExportStatus({ request, context });
export const action = ({ request, context }: ActionFunctionArgs) => startExportAction({ request, context });

export default function ExportStatusPage() {
  const { status } = useLoaderData<typeof loader>();
  return <ExportStatusView status={status} />;
}
