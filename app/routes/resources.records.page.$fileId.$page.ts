import type { LoaderFunctionArgs } from "@remix-run/node";
import { pagePdfResponse } from "~/features/records/files.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, context, params }: LoaderFunctionArgs) =>
  pagePdfResponse({ request, context }, params.fileId, params.page),
);
