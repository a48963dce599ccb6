import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import { forwardRef } from "react";

/** A segment of a path that React Router writes back as it is: not "." nor "..", which it resolves. */
const SEGMENT = String.raw`(?!\.\.?(?:[/?#]|$))[^/\\?#]+`;
/**
 * A path of the app's own, as React Router writes it back: segments one slash apart (two it joins
 * into one; a backslash leaves the origin), an optional trailing slash, then an optional query and
 * fragment, neither empty (it drops a bare "?" or "#"). Each repetition takes a slash: no backtracking
 * blow-up on a long path.
 */
const OWN_PATH = new RegExp(String.raw`^/(?:${SEGMENT}(?:/${SEGMENT})*/?)?(?:\?[^#]+)?(?:#.+)?$`);

/**
 * On the server, Remix 2's `Link` works out a link's `href` from the route matches three times
 * (React Router's `useHref` twice, and `useResolvedPath` for a click handler that never runs there),
 * on every link of every page (issue 39). For a path of the app's own the answer is the path, so
 * this writes the anchor Remix's `Link` renders, directly: the props it passes on to the `<a>`, in
 * their order, then its `data-discover`, `href` and `target`. The markup is the same byte for byte
 * (tests/portal/server-link.test.tsx checks it over many links). Anything else (a relative path, an
 * object, a URL), and a render with a DOM, takes Remix's `Link`.
 */
export const serverLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const { to, target, discover = "render", reloadDocument } = props;
  if (typeof document !== "undefined" || typeof to !== "string" || !OWN_PATH.test(to)) return <RemixLink ref={ref} {...props} />;
  const {
    to: _to,
    target: _target,
    prefetch: _prefetch,
    discover: _discover,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    onClick: _onClick,
    ...anchor
  } = props;
  const discovered = discover === "render" && !reloadDocument ? "true" : undefined;
  // The content is the link's children, among the props.
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...anchor} data-discover={discovered} href={to} ref={ref} target={target} />;
});
