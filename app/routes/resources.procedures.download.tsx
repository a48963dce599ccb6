import type { LoaderFunctionArgs } from "@remix-run/node";
import { procedureFileResponse } from "~/features/procedures/download.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, context }: LoaderFunctionArgs) => procedureFileResponse({ request, context }));
