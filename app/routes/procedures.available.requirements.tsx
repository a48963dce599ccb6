import type { MetaFunction } from "@remix-run/node";
import { ModulePending } from "~/features/shell/ModulePending";
import { furniture } from "~/lib/messages";

const { routeLabels } = furniture;
import { pageTitle } from "~/lib/meta";
import { guardedLoader } from "~/lib/route-helpers.server";

export const meta: MetaFunction = () => pageTitle(routeLabels.requirements);

export const loader = guardedLoader("procedures");

export default function ProceduresAvailableRequirements() {
  return <ModulePending title={routeLabels.requirements} />;
}
