import type { LoaderFunctionArgs } from "@remix-run/node";
import { pagePdfResponse } from "~/features/records/files.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, params }: LoaderFunctionArgs) => pagePdfResponse(request, params.fileId, params.page));
