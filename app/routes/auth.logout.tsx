import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadSignOut, signOut } from "~/features/session/sign-in.server";
import { SignOutView } from "~/features/session/SignOutView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";

export const meta: MetaFunction = () => pageTitle(furniture.profile.logout);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadSignOut({ request, context });

export const action = ({ request, context }: ActionFunctionArgs) => signOut({ request, context });

export default function SignOut() {
  return <SignOutView />;
}
