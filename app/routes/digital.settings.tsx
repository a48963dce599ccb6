import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { loadSettings, settingsAction } from "~/features/digital/contact.server";
import { SettingsView } from "~/features/digital/SettingsView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";
import digitalStyles from "~/styles/digital.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: digitalStyles }];
export const meta: MetaFunction = () => pageTitle(furniture.routeLabels.settings);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadSettings({ request, context });

export const action = ({ request, context }: ActionFunctionArgs) => settingsAction({ request, context });

export default function DigitalSettings() {
  const data = useLoaderData<typeof loader>();
  return (
    <SettingsView
      info={data.info}
      current={data.current}
      idempotencyKey={data.idempotencyKey}
      digest={data.digest}
      result={useActionData<typeof action>() ?? data.kept ?? undefined}
    />
  );
}
