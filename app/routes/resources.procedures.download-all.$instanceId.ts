import type { LoaderFunctionArgs } from "@remix-run/node";
import { procedureArchive } from "~/features/procedures/download.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, context, params }: LoaderFunctionArgs) =>
  procedureArchive({ request, context }, params.instanceId),
);
