import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadCatalogue } from "~/features/procedures/catalogue.server";
import { CatalogueView } from "~/features/procedures/CatalogueView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import proceduresStyles from "~/styles/procedures.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: proceduresStyles }];

export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.available);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadCatalogue({ request, context });

export default function AvailableProcedures() {
  return <CatalogueView data={useLoaderData<typeof loader>()} />;
}
