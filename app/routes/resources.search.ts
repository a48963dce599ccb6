import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { searchAction } from "~/lib/sealed-search.server";
import { resource } from "~/lib/resource.server";

/** Only posts (a list's search, sealed for the session: app/lib/sealed-search.server.ts); a visit goes home. */
export const loader = resource(() => redirect("/"));

export const action = resource(({ request, context }: ActionFunctionArgs) => searchAction({ request, context }));
