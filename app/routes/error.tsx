import type { MetaFunction } from "@remix-run/node";
import { ErrorContent } from "~/lib/error-screens";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";

export const meta: MetaFunction = () => pageTitle(furniture.errorPage.title);

export default function ErrorPage() {
  return <ErrorContent />;
}
