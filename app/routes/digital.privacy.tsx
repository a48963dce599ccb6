import type { MetaFunction } from "@remix-run/node";
import { ModulePending } from "~/features/shell/ModulePending";
import { digital } from "~/lib/messages";
import { pageTitle } from "~/lib/meta";
import { signedInLoader } from "~/lib/route-helpers.server";

export const meta: MetaFunction = () => pageTitle(digital.privacy.title);

export const loader = signedInLoader;

export default function DigitalPrivacy() {
  return <ModulePending title={digital.privacy.title} />;
}
