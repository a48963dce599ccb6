import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordArchive } from "~/features/records/files.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, context, params }: LoaderFunctionArgs) => recordArchive({ request, context }, params.recordId));
