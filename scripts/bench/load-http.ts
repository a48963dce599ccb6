/**
 * A browser without JavaScript, for `npm run bench:load`: fetch with a cookie jar, redirects
 * followed by hand (so every hop is timed and counted), form posts carrying the page's CSRF
 * token and an Origin header, the way Chromium sends them.
 */
import { performance } from "node:perf_hooks";

type Cookie = { name: string; value: string; path: string; expires: number | null };

/**
 * Cookies by name and path. Every server of the stack is on `localhost` and browsers do not
 * separate cookies by port, so neither does this jar.
 */
export class CookieJar {
  private readonly cookies = new Map<string, Cookie>();

  store(setCookies: string[]) {
    for (const header of setCookies) {
      const [pair, ...attrs] = header.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let path = "/";
      let expires: number | null = null;
      for (const attr of attrs) {
        const [k, ...v] = attr.trim().split("=");
        const key = k.toLowerCase();
        const val = v.join("=");
        if (key === "path" && val.startsWith("/")) path = val;
        else if (key === "max-age") expires = Date.now() + Number(val) * 1000;
        else if (key === "expires" && expires === null) expires = Date.parse(val);
      }
      const id = `${name}\u0000${path}`;
      if (expires !== null && expires <= Date.now()) this.cookies.delete(id);
      else this.cookies.set(id, { name, value, path, expires });
    }
  }

  header(pathname: string): string {
    const now = Date.now();
    const matching = [...this.cookies.values()]
      .filter(
        (c) =>
          (c.expires === null || c.expires > now) &&
          (pathname === c.path || pathname.startsWith(c.path.endsWith("/") ? c.path : `${c.path}/`)),
      )
      .sort((a, b) => b.path.length - a.path.length);
    return matching.map((c) => `${c.name}=${c.value}`).join("; ");
  }
}

export type Hop = { kind: string; status: number; ms: number; url: string };

export type Page = { status: number; url: string; html: string; hops: Hop[] };

/** Everything a response counts toward: one entry per HTTP exchange. */
export type Recorder = (hop: Hop) => void;

export class Browser {
  readonly jar = new CookieJar();

  constructor(
    readonly portalOrigin: string,
    private readonly record: Recorder,
    private readonly timeoutMs = 30_000,
  ) {}

  /** One exchange, no redirect following. */
  private async exchange(kind: string, url: URL, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { "user-agent": "av-bench-load", accept: "text/html,*/*", ...init.headers };
    const cookie = this.jar.header(url.pathname);
    if (cookie) headers.cookie = cookie;
    const start = performance.now();
    let response: Response;
    let body: string;
    try {
      response = await fetch(url, {
        method: init.method ?? "GET",
        body: init.body,
        headers,
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      const hop = { kind, status: 0, ms: performance.now() - start, url: url.href };
      this.record(hop);
      throw Object.assign(new Error(`${kind} ${url.pathname}: ${(error as Error).message}`), { hop });
    }
    const hop = { kind, status: response.status, ms: performance.now() - start, url: url.href };
    this.record(hop);
    this.jar.store(response.headers.getSetCookie());
    return { response, body, hop };
  }

  /**
   * A request and every redirect after it (GET, as browsers do after a 30x to a POST).
   * `kind` labels the first exchange; redirects are labelled `kind:redirect`.
   */
  async go(kind: string, target: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Page> {
    let url = new URL(target, this.portalOrigin);
    const hops: Hop[] = [];
    let current = init;
    let label = kind;
    for (let i = 0; i < 10; i++) {
      const { response, body, hop } = await this.exchange(label, url, current);
      hops.push(hop);
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url);
        current = {};
        label = `${kind}:redirect`;
        continue;
      }
      return { status: response.status, url: url.href, html: body, hops };
    }
    throw new Error(`${kind}: too many redirects`);
  }

  /** A form post from a page of the portal: urlencoded or multipart, with Origin like a browser. */
  post(kind: string, target: string, form: URLSearchParams | FormData) {
    return this.go(kind, target, { method: "POST", body: form, headers: { origin: this.portalOrigin } });
  }
}

/**
 * Signs `cuil` in through the real OpenID Connect flow (the development IdP's form) as a browser
 * without JavaScript; throws unless it ends on a portal page. `kind` labels the credentials' post.
 */
export async function signIn(browser: Browser, cuil: string, password: string, kind = "signin"): Promise<void> {
  const page = await browser.go("signin:start", "/auth/login");
  const login = forms(page.html).find((f) => f.action.includes("/interaction/"));
  if (!login) throw new Error(`sign-in page without a form (${page.status} ${page.url})`);
  const target = new URL(login.action, page.url);
  const done = await browser.go(kind, target.href, {
    method: "POST",
    body: new URLSearchParams({ cuil, password }),
    headers: { origin: target.origin },
  });
  if (done.status !== 200 || !done.url.startsWith(browser.portalOrigin) || new URL(done.url).pathname.startsWith("/auth")) {
    throw new Error(`sign-in did not reach the portal (${done.status} ${done.url})`);
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", apos: "'" };
export const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, e: string) => ENTITIES[e] ?? _);

/** Every `<form>` of a page with its action and its hidden/checkbox inputs (name → values). */
export function forms(html: string) {
  const found: { action: string; method: string; enctype: string; fields: [string, string][]; html: string }[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attrs = match[1];
    const inner = match[2];
    const attr = (n: string) => {
      const v = new RegExp(`\\b${n}="([^"]*)"`, "i").exec(attrs)?.[1];
      return v === undefined ? "" : decode(v);
    };
    const fields: [string, string][] = [];
    for (const input of inner.matchAll(/<(?:input|button)\b[^>]*>/gi)) {
      const tag = input[0];
      const name = /\bname="([^"]*)"/.exec(tag)?.[1];
      const value = /\bvalue="([^"]*)"/.exec(tag)?.[1];
      if (name && value !== undefined) fields.push([decode(name), decode(value)]);
    }
    found.push({ action: attr("action"), method: attr("method").toLowerCase() || "get", enctype: attr("enctype"), fields, html: inner });
  }
  return found;
}

/** The text of the page's toasts / alerts (flash messages rendered by the root loader). */
export function alerts(html: string): string[] {
  const texts: string[] = [];
  for (const m of html.matchAll(/<[^>]*\brole="(?:alert|status)"[^>]*>([\s\S]*?)<\/(?:div|p|section|li)>/gi)) {
    const text = decode(
      m[1]
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
    if (text) texts.push(text);
  }
  return texts;
}
