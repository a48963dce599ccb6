import type { ActionFunctionArgs } from "@remix-run/node";
import { uploadOne } from "~/features/records/upload.server";
import { errorPage, resource } from "~/lib/resource.server";

export const loader = resource(() => errorPage(404));

export const action = resource(({ request, context }: ActionFunctionArgs) => uploadOne({ request, context }));
