import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formAction, loadFormScreen } from "~/features/chat/form.server";
import { FormScreenView } from "~/features/chat/FormScreenView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import chatStyles from "~/styles/chat.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: chatStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.form);

export const loader = async ({ request, context }: LoaderFunctionArgs) => json(await loadFormScreen({ request, context }));

/** The frame's form posts here (spec section 4: the three outcomes of a form submission). */
export const action = ({ request, context }: ActionFunctionArgs) => formAction({ request, context });

export default function FormScreen() {
  return <FormScreenView {...useLoaderData<typeof loader>()} />;
}
