import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { loadManager, managerAction } from "~/features/records/manager.server";
import { ManagerView } from "~/features/records/ManagerView";
import { LOCAL_KEYS } from "~/features/records/url";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import downloadAllStyles from "~/styles/download-all.css";
import readableStyles from "~/styles/readable.css";
import recordsStyles from "~/styles/records.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: recordsStyles },
  { rel: "stylesheet", href: readableStyles },
  { rel: "stylesheet", href: downloadAllStyles },
];

export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.manager);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadManager({ request, context });

/** A zoom needs no new data; paging and searching do (only each list's page is loaded). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search);
    for (const key of LOCAL_KEYS) p.delete(key);
    p.sort();
    return p.toString();
  };
  return strip(currentUrl) !== strip(nextUrl) ? defaultShouldRevalidate : false;
};

export const action = ({ request, context }: ActionFunctionArgs) => managerAction({ request, context });

export default function RecordsManager() {
  return <ManagerView data={useLoaderData<typeof loader>()} />;
}
