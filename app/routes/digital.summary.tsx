import type { MetaFunction } from "@remix-run/node";
import { ModulePending } from "~/features/shell/ModulePending";
import { furniture } from "~/lib/messages";

const { routeLabels } = furniture;
import { pageTitle } from "~/lib/meta";
import { guardedLoader } from "~/lib/route-helpers.server";

export const meta: MetaFunction = () => pageTitle(routeLabels.summary);

export const loader = guardedLoader("digital");

export default function DigitalSummary() {
  return <ModulePending title={routeLabels.summary} />;
}
