import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfjsFileResponse } from "~/features/records/pdfjs.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(async ({ params }: LoaderFunctionArgs) => pdfjsFileResponse(params.version, params.file));
