import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContactForm } from "~/features/digital/ContactForm";
import { contactAction, loadContact } from "~/features/digital/contact.server";
import { loadStartup } from "~/lib/guards.server";
import { digital } from "~/lib/messages/digital";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.adhesion);

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, adhered } = await loadStartup(request);
  if (adhered) throw redirect("/digital");
  return json(await loadContact(ctx, false));
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await loadStartup(request);
  return contactAction(request, ctx, "create");
}

export default function DigitalAdhesion() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="dd narrow" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {digital.adhesion.title}
      </h1>
      <ContactForm
        mode="create"
        info={data.info}
        current={null}
        idempotencyKey={data.idempotencyKey}
        fieldErrors={result?.fieldErrors}
        values={result?.values}
      />
    </section>
  );
}
