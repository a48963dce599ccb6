import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { loadSignOut, signOut } from "~/features/session/sign-in.server";
import { SignOutView } from "~/features/session/SignOutView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";

export const meta: MetaFunction = () => pageTitle(furniture.profile.logout);

export const loader = ({ request }: LoaderFunctionArgs) => loadSignOut(request);

export const action = ({ request }: ActionFunctionArgs) => signOut(request);

export default function SignOut() {
  return <SignOutView />;
}
