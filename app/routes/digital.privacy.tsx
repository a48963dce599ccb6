import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadLegalPage } from "~/features/digital/contact.server";
import { LegalText } from "~/features/digital/LegalText";
import { digital } from "~/lib/messages/digital";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(digital.privacy.title);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadLegalPage({ request, context }, "privacy");

export default function DigitalPrivacy() {
  const { body } = useLoaderData<typeof loader>();
  return <LegalText title={digital.privacy.title} closeLabel={digital.privacy.close} body={body} />;
}
