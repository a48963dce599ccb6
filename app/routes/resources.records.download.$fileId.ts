import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentResponse } from "~/features/records/files.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, context, params }: LoaderFunctionArgs) => documentResponse({ request, context }, params.fileId));
