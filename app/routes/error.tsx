import type { MetaFunction } from "@remix-run/node";
import { ErrorContent } from "~/features/shell/ErrorScreens";
import { errors } from "~/lib/messages";
import { pageTitle } from "~/lib/meta";

export const meta: MetaFunction = () => pageTitle(errors.page.title);

export default function ErrorPage() {
  return <ErrorContent />;
}
