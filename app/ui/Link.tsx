import { Link as RemixLink } from "@remix-run/react";
import { serverLink } from "./link.server";

/**
 * The app's `Link` (decision 076): Remix's, but on the server a link to a path of the app's own is
 * written as the anchor Remix's would render (./link.server.tsx). The browser build has no
 * `.server` module (Remix's compiler leaves it empty), so there `serverLink` is undefined and every
 * link is Remix's own, which hydrates over the same markup and navigates as before.
 */
export const Link: typeof RemixLink = (serverLink as typeof RemixLink | undefined) ?? RemixLink;
