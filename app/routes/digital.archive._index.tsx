import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { communicationsAction, loadInbox } from "~/features/digital/inbox.server";
import { InboxView } from "~/features/digital/InboxView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.archive);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadInbox({ request, context }, true);

export const action = ({ request, context }: ActionFunctionArgs) => communicationsAction({ request, context });

export default function DigitalArchive() {
  const data = useLoaderData<typeof loader>();
  return <InboxView archived state={data.state} list={data.list} types={data.types} counts={data.counts} />;
}
