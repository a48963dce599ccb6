import type { MetaFunction } from "@remix-run/node";
import { ModulePending } from "~/features/shell/ModulePending";
import { furniture, procedures } from "~/lib/messages";

const { routeLabels } = furniture;
import { pageTitle } from "~/lib/meta";
import { guardedLoader } from "~/lib/route-helpers.server";

export const meta: MetaFunction = () => pageTitle(routeLabels.procedures);

export const loader = guardedLoader("procedures");

export default function ProceduresIndex() {
  return <ModulePending title={routeLabels.procedures} action={{ to: "/procedures/available", label: procedures.newProcedure }} />;
}
