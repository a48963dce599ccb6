import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmView } from "~/features/digital/ConfirmView";
import { loadConfirm } from "~/features/digital/contact.server";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.digital);

export const loader = ({ request, params }: LoaderFunctionArgs) => loadConfirm(request, params.accion);

export default function DigitalConfirm() {
  const { accion, email } = useLoaderData<typeof loader>();
  return <ConfirmView accion={accion} email={email} />;
}
