/**
 * The server's own-path Link (app/ui/link.server.tsx, issue 39) writes the anchor that Remix's
 * `Link` renders, byte for byte: the browser's Remix `Link` hydrates over it. Checked as a property,
 * over generated paths, queries, fragments and the props the app passes, and for the `to` values
 * that are not a path of the app's own (those take Remix's `Link` itself).
 */
import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import fc from "fast-check";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Link } from "~/ui/Link";
import { serverLink } from "~/ui/link.server";
import { renderWithRouter } from "../unit/render";

const segment = fc.stringMatching(/^[-a-zA-Z0-9._~%!$&'()*+,;=:@ áéíóúñ<>"`]{0,12}$/);
const ownPath = fc
  .tuple(
    fc.array(segment, { maxLength: 4 }),
    fc.option(fc.stringMatching(/^[-a-zA-Z0-9=&%+ ?/:'"<>áñ]{1,20}$/), { nil: undefined }),
    fc.option(fc.stringMatching(/^[-a-zA-Z0-9=&%+ ?#/:'"<>áñ]{1,12}$/), { nil: undefined }),
    fc.boolean(),
  )
  .map(
    ([segments, query, hash, slash]) =>
      `/${segments.join("/")}${slash && segments.length ? "/" : ""}${query ? `?${query}` : ""}${hash ? `#${hash}` : ""}`,
  )
  .filter((to) => !/^\/[/\\]/.test(to));
const anyTo = fc.oneof(
  ownPath,
  fc.constantFrom(
    "",
    "?",
    "#",
    "/?",
    "/#",
    "?page=2",
    "#top",
    "relative/path",
    "../up",
    ".",
    "//evil.example/x",
    "/\\evil",
    "https://evil.example/",
    "mailto:a@b.c",
  ),
);
const props = fc.record(
  {
    className: fc.constantFrom("btn btn--primary", "tabs__link", ""),
    "aria-label": fc.string({ maxLength: 12 }),
    "aria-current": fc.constantFrom("page" as const, undefined),
    rel: fc.constantFrom("prev", "next", "noopener noreferrer"),
    id: fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/),
    title: fc.string({ maxLength: 8 }),
    target: fc.constantFrom("_blank", "_self"),
    prefetch: fc.constantFrom("none" as const, "intent" as const, "render" as const, "viewport" as const),
    discover: fc.constantFrom("render" as const, "none" as const),
    reloadDocument: fc.boolean(),
    replace: fc.boolean(),
    preventScrollReset: fc.boolean(),
    state: fc.constant({ from: "test" }),
    children: fc.string({ maxLength: 12 }),
  },
  { requiredKeys: [] },
);

const render = (Component: typeof RemixLink, to: string, rest: Omit<LinkProps, "to">, url: string) =>
  renderWithRouter(<Component to={to} {...rest} />, url);

describe("the server's Link", () => {
  it("writes what Remix's Link writes, for any link the app could render", async () => {
    await fc.assert(
      fc.asyncProperty(anyTo, props, fc.constantFrom("/", "/digital", "/records/manager?file=7"), async (to, rest, url) => {
        expect(await render(serverLink as typeof RemixLink, to, rest, url)).toBe(await render(RemixLink, to, rest, url));
      }),
      { numRuns: 1000 },
    );
  });

  it("writes an own path's anchor itself, without the router Remix's Link needs", () => {
    // Outside a router, Remix's Link throws (useHref): this one never asks it for an own path.
    const ServerLink = serverLink as typeof RemixLink;
    const html = renderToString(<ServerLink to="/digital?page=2#lista" className="paginator__link" rel="next" />);
    expect(html).toBe('<a class="paginator__link" rel="next" data-discover="true" href="/digital?page=2#lista"></a>');
    expect(() => renderToString(<ServerLink to="?page=2" />)).toThrow();
  });

  it("is the app's Link on the server (in the browser build the .server module is empty: Remix's Link)", () => {
    expect(Link).toBe(serverLink);
  });
});
