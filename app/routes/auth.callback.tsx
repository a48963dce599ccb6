import type { LoaderFunctionArgs } from "@remix-run/node";
import { signInCallback } from "~/features/session/sign-in.server";

export const loader = ({ request }: LoaderFunctionArgs) => signInCallback(request);
