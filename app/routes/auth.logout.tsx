import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { loadSignOut, signOut } from "~/features/session/sign-in.server";
import { SignOutView } from "~/features/session/SignOutView";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";

export const meta: MetaFunction = () => pageTitle(furniture.profile.logout);

export const loader = ({ request, context }: LoaderFunctionArgs) => loadSignOut({ request, context });

export const action = ({ request, context }: ActionFunctionArgs) => signOut({ request, context });

/** The sign-out's own headers (`Clear-Site-Data`) reach the page that posts the end-session request. */
export const headers: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  actionHeaders.forEach((value, name) => void (name.toLowerCase() !== "set-cookie" && headers.set(name, value)));
  return headers;
};

export default function SignOut() {
  const data = useActionData<typeof action>();
  return <SignOutView endSession={data && "endSession" in data ? data.endSession : null} />;
}
