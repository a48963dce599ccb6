import type { LoaderFunctionArgs } from "@remix-run/node";
import { procedureArchive } from "~/features/procedures/download.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, params }: LoaderFunctionArgs) => procedureArchive(request, params.instanceId));
