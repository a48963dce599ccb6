import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireApiContext } from "~/api/client.server";
import { loadLegalText } from "~/features/digital/contact.server";
import { LegalText } from "~/features/digital/LegalText";
import { digital } from "~/lib/messages/digital";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(digital.privacy.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireApiContext(request);
  return json({ html: await loadLegalText(ctx, "privacy") });
}

export default function DigitalPrivacy() {
  const { html } = useLoaderData<typeof loader>();
  return <LegalText title={digital.privacy.title} closeLabel={digital.privacy.close} html={html} />;
}
