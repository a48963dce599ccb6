import type { LoaderFunctionArgs } from "@remix-run/node";
import { signIn } from "~/features/session/sign-in.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => signIn({ request, context });
