import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/features/digital/ContactForm";
import { contactAction, loadContact } from "~/features/digital/contact.server";
import { DigitalHeader } from "~/features/digital/DigitalHeader";
import { requireAdhered } from "~/lib/guards.server";
import { digital } from "~/lib/messages/digital";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.settings);

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireAdhered(request, "digital");
  return json(await loadContact(ctx, true));
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireAdhered(request, "digital");
  return contactAction(request, ctx, "update");
}

export default function DigitalSettings() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="dd" aria-labelledby="page-title">
      <DigitalHeader title={digital.title} />
      <div className="card narrow">
        <h2 className="section-title">{digital.settings.title}</h2>
        <ContactForm
          mode="update"
          info={data.info}
          current={data.current}
          idempotencyKey={data.idempotencyKey}
          fieldErrors={result?.fieldErrors}
          values={result?.values}
        />
      </div>
    </section>
  );
}
