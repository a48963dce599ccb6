/**
 * Test helper: server-renders an element inside a Remix/React Router data router (what Link,
 * useNavigate and useNavigation need), exactly as the portal's SSR would, without a DOM.
 * react-router-dom is the router @remix-run/react is built on (it re-exports it).
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

export async function renderWithRouter(element: ReactElement, url = "/"): Promise<string> {
  const routes = [{ path: "*", element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** Parses the opening tag that contains `marker` into its attributes (enough for assertions). */
export function tagWith(html: string, marker: string): Record<string, string> {
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`marker not found: ${marker}`);
  const start = html.lastIndexOf("<", at);
  const end = html.indexOf(">", at);
  const tag = html.slice(start, end + 1);
  const attrs: Record<string, string> = { _tag: /^<([a-z0-9]+)/i.exec(tag)?.[1] ?? "" };
  for (const m of tag.matchAll(/([a-zA-Z-:]+)(?:="([^"]*)")?/g)) {
    if (m.index === 1) continue;
    attrs[m[1].toLowerCase()] = m[2] ?? "";
  }
  return attrs;
}

/** Every opening tag of an element type, as attribute maps. */
export function allTags(html: string, tagName: string): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  const re = new RegExp(`<${tagName}(\\s[^>]*)?>`, "g");
  for (const m of html.matchAll(re)) {
    const attrs: Record<string, string> = { _tag: tagName };
    for (const a of (m[1] ?? "").matchAll(/([a-zA-Z-:]+)(?:="([^"]*)")?/g)) attrs[a[1].toLowerCase()] = a[2] ?? "";
    out.push(attrs);
  }
  return out;
}

/** Text content with tags stripped and entities decoded (the few React emits). */
export function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
}
