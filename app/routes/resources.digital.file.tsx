import type { LoaderFunctionArgs } from "@remix-run/node";
import { communicationFileResponse } from "~/features/digital/file.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, context }: LoaderFunctionArgs) => communicationFileResponse({ request, context }));
