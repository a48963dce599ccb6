import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { keepAlive } from "~/features/session/keepalive.server";
import { resource } from "~/lib/resource.server";

/** Only posts: a visit goes home. */
export const loader = resource(() => redirect("/"));

export const action = resource(({ request, context }: ActionFunctionArgs) => keepAlive({ request, context }));
