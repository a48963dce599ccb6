import type { LoaderFunctionArgs } from "@remix-run/node";
import { startSignIn } from "~/lib/auth.server";
import { orErrorPage } from "~/lib/guards.server";

/** Starts the OpenID Connect sign-in (code flow with PKCE). */
export const loader = ({ request }: LoaderFunctionArgs) => orErrorPage(() => startSignIn(request));
