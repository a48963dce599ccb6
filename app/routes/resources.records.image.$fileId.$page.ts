import type { LoaderFunctionArgs } from "@remix-run/node";
import { pageImageResponse } from "~/features/records/files.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, context, params }: LoaderFunctionArgs) =>
  pageImageResponse({ request, context }, params.fileId, params.page),
);
