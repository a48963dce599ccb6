import { json, type MetaFunction } from "@remix-run/node";
import { NotFoundContent } from "~/lib/error-screens";
import { furniture } from "~/lib/messages/furniture";
import { pageTitle } from "~/lib/meta";

export const meta: MetaFunction = () => pageTitle(furniture.notFound.title);

export const loader = () => json(null, { status: 404 });

export default function NotFound() {
  return <NotFoundContent />;
}
