import type { LoaderFunctionArgs } from "@remix-run/node";
import { chatEvents } from "~/features/chat/chat.server";
import { resource } from "~/lib/resource.server";

export const loader = resource(({ request, context }: LoaderFunctionArgs) => chatEvents({ request, context }));
