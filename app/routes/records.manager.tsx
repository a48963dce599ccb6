import type { MetaFunction } from "@remix-run/node";
import { ModulePending } from "~/features/shell/ModulePending";
import { furniture } from "~/lib/messages";

const { routeLabels } = furniture;
import { pageTitle } from "~/lib/meta";
import { guardedLoader } from "~/lib/route-helpers.server";

export const meta: MetaFunction = () => pageTitle(routeLabels.manager);

export const loader = guardedLoader("records");

export default function RecordsManager() {
  return <ModulePending title={routeLabels.manager} />;
}
