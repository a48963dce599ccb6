import type { ActionFunctionArgs } from "@remix-run/node";
import { attachAnswer } from "~/features/chat/chat.server";
import { errorPage, resource } from "~/lib/resource.server";

export const loader = resource(() => errorPage(404));

export const action = resource(({ request, context }: ActionFunctionArgs) => attachAnswer({ request, context }));
