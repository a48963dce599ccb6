import type { MetaFunction } from "@remix-run/node";
import { ModulePending } from "~/features/shell/ModulePending";
import { furniture } from "~/lib/messages";

const { routeLabels } = furniture;
import { pageTitle } from "~/lib/meta";
import { signedInLoader } from "~/lib/route-helpers.server";

export const meta: MetaFunction = () => pageTitle(routeLabels.adhesion);

export const loader = signedInLoader;

export default function DigitalAdhesion() {
  return <ModulePending title={routeLabels.adhesion} />;
}
