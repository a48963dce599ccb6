import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadMyData } from "~/features/datos/export.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, context }: LoaderFunctionArgs) => downloadMyData({ request, context }));
