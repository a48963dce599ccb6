import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ConfirmView } from "~/features/digital/ConfirmView";
import { loadConfirm } from "~/features/digital/contact.server";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.digital);

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadConfirm({ request, context }, params.accion);

/** Shown once, right after the action (its flash is spent): a revalidation would send the citizen away. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export default function DigitalConfirm() {
  const { accion, email } = useLoaderData<typeof loader>();
  return <ConfirmView accion={accion} email={email} />;
}
