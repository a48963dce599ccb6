import { createServer, request as httpRequest, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { http, passthrough } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { happy } from "../mocks/api";
import { failOnUnhandled, servedPortal, signedInRequest } from "./helpers";
import { createPortalApp, hardenServer, type AccessEntry } from "../../portal/server";
import { until } from "../until";
import { buildRoute, serverBuild } from "../unit/portal-build";
import * as entry from "~/entry.server";
import { csrf } from "~/lib/csrf.server";
import * as logout from "~/routes/auth.logout";
import * as pdfjs from "~/routes/resources.pdfjs.$version.$file";
import * as procedures from "~/routes/procedures._index";
import * as keepalive from "~/routes/resources.session.keepalive";
import * as upload from "~/routes/resources.records.upload";

/**
 * Hostile requests at the portal's real server (issue 28): odd methods, `Origin: null`, a Host a
 * proxy rewrote, prototype keys in a path, oversize headers and bodies, each a 4xx with the
 * security headers, never a 500; the server keeps serving after each.
 */
function buildOf(): ServerBuild {
  return serverBuild(
    {
      root: buildRoute("root", "", undefined, { default: () => null }),
      "routes/procedures._index": buildRoute("routes/procedures._index", "procedures", "root", procedures, true),
      "routes/auth.logout": buildRoute("routes/auth.logout", "auth/logout", "root", logout),
      "routes/resources.session.keepalive": buildRoute(
        "routes/resources.session.keepalive",
        "resources/session/keepalive",
        "root",
        keepalive,
      ),
      "routes/resources.records.upload": buildRoute("routes/resources.records.upload", "resources/records/upload", "root", upload),
      "routes/resources.pdfjs.$version.$file": buildRoute(
        "routes/resources.pdfjs.$version.$file",
        "resources/pdfjs/:version/:file",
        "root",
        pdfjs,
      ),
    },
    entry,
  );
}

const server = setupServer(
  ...happy,
  http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
);
const portal = servedPortal(buildOf());
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterAll(() => server.close());

function expectStrictHeaders(h: Headers | Record<string, string | string[] | undefined>) {
  const get = (name: string) => (h instanceof Headers ? h.get(name) : ([h[name]].flat()[0] ?? null));
  expect(get("x-content-type-options")).toBe("nosniff");
  expect(get("x-frame-options")).toBe("SAMEORIGIN");
  expect(get("cache-control")).toMatch(/no-store|immutable/);
}

/** A raw request (node:http): any method, any header, any Host. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string) {
  const url = new URL(portal.base);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Writes `head` on a new connection; resolves with all the server sent when it closes. */
function rawSocket(head: string) {
  const url = new URL(portal.base);
  return new Promise<string>((resolve) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(head));
    let answer = "";
    socket.on("data", (c) => (answer += String(c)));
    socket.on("error", () => {});
    socket.on("close", () => resolve(answer));
  });
}

const stillServing = async () => {
  const response = await fetch(`${portal.base}/procedures`, { redirect: "manual" });
  expect(response.status).toBe(302);
};

describe("odd requests answer 4xx with the security headers", () => {
  it("TRACE and other odd methods: 405, in Spanish, no stack", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      const answer = await raw(method, "/procedures");
      expect(answer.status, method).toBe(405);
      expectStrictHeaders(answer.headers);
    }
    await stillServing();
  });

  it("a post with Origin: null is refused (403), not a 500", async () => {
    const answer = await raw("POST", "/auth/logout", { Origin: "null", "Content-Type": "application/x-www-form-urlencoded" }, "csrf=x");
    expect(answer.status).toBe(403);
    expectStrictHeaders(answer.headers);
  });

  it("a post through a proxy that rewrote Host (no X-Forwarded-Host) is a 4xx, not a 500", async () => {
    const answer = await raw(
      "POST",
      "/auth/logout",
      { Host: "internal-portal:8080", Origin: "http://localhost:3000", "Content-Type": "application/x-www-form-urlencoded" },
      "csrf=x",
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expectStrictHeaders(answer.headers);
  });

  it("prototype keys in the pdf.js path are 404", async () => {
    for (const key of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const answer = await raw("GET", `/resources/pdfjs/4.10.38/${key}`);
      expect(answer.status, key).toBe(404);
      expectStrictHeaders(answer.headers);
    }
  });

  it("oversize headers: 431 with the security headers", async () => {
    const answer = await raw("GET", "/procedures", { "X-Big": "a".repeat(20_000) });
    expect(answer.status).toBe(431);
    expectStrictHeaders(answer.headers);
    await stillServing();
  });
});

describe("bodies are limited by kind", () => {
  it("a form body past the form limit is 413 before it is read (Content-Length)", async () => {
    const answer = await raw(
      "POST",
      "/auth/logout",
      { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(150 * 1024 * 1024) },
      "",
    );
    expect(answer.status).toBe(413);
    expectStrictHeaders(answer.headers);
  });
});

describe("a form body without a declared length", () => {
  it("is cut at the form limit while it streams: 413, and the server keeps serving", async () => {
    const [token, cookie] = await csrf.commitToken();
    const signed = await signedInRequest(`${portal.base}/resources/session/keepalive`);
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode(`csrf=${token}&x=`));
        // 150 MB if nobody stops reading
        if (sent >= 150 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${portal.base}/resources/session/keepalive`, {
      method: "POST",
      body,
      duplex: "half",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Sec-Fetch-Site": "same-origin",
        Cookie: [signed.headers.get("Cookie"), cookie!.split(";")[0]].join("; "),
      },
    } as RequestInit).catch((error: unknown) => error);
    // The portal answers 413 and closes; the client may see the answer or the closed connection.
    if (response instanceof Response) {
      expect(response.status).toBe(413);
      expectStrictHeaders(response.headers);
    }
    expect(sent).toBeLessThan(150 * 1024 * 1024);
    await stillServing();
  });
});

describe("a body that trickles", () => {
  let quick: Server;
  beforeAll(async () => {
    quick = hardenServer(
      createPortalApp({ build: buildOf(), onAccess: () => {}, bodyDeadlines: { formMs: 200, uploadWindowMs: 200 } }).listen(0, "127.0.0.1"),
      300,
    );
    await new Promise((r) => quick.once("listening", r));
  });
  afterAll(() => quick.close());

  /** Sends `head` and then nothing more; resolves when the server closes the connection. */
  const closedAfter = (head: string) =>
    new Promise<string>((resolve) => {
      const socket = connect((quick.address() as AddressInfo).port, "127.0.0.1", () => socket.write(head));
      let answer = "";
      socket.on("data", (c) => (answer += String(c)));
      socket.on("error", () => {});
      socket.on("close", () => resolve(answer));
    });

  it("a form whose body stops coming is cut after the form deadline", async () => {
    await closedAfter(
      "POST /resources/session/keepalive HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\ncsrf=",
    );
  });

  it("an upload that brings less than its minimum in a window is cut", async () => {
    await closedAfter(
      "POST /resources/records/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\n",
    );
  });

  it("a head that never ends is answered 408 with the security headers and closed", async () => {
    const answer = await closedAfter("GET /procedures HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toMatch(/X-Content-Type-Options: nosniff/i);
  });
});

describe("a malformed Host or a bad escape in the path", () => {
  const hosts = ["", "localhost:5201:1", "[::1", "a,b", "a b", "localhost:99999999"];
  it.each(hosts)("Host %j on a post is 400 with the security headers", async (host) => {
    // A raw socket: node:http would put its own Host in place of an empty one.
    const answer = await rawSocket(
      `POST /auth/logout HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\nOrigin: http://localhost:3000\r\n` +
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 6\r\n\r\ncsrf=x",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/^X-Content-Type-Options: nosniff\r$/im);
    expect(answer).toMatch(/^Cache-Control: no-store\r$/im);
  });

  it("a malformed X-Forwarded-Host is 400 too", async () => {
    const answer = await raw(
      "POST",
      "/auth/logout",
      { "X-Forwarded-Host": "a:1:2", "Content-Type": "application/x-www-form-urlencoded" },
      "csrf=x",
    );
    expect(answer.status).toBe(400);
    expectStrictHeaders(answer.headers);
    // A chain of balancers' hosts is well formed.
    const chain = await raw("GET", "/procedures", { "X-Forwarded-Host": "portal.example, 127.0.0.1:3000" });
    expect(chain.status).toBe(302);
  });

  const paths = ["/x/%c0", "/procedures%ff", "/resources/records/download/%c0%af"];
  it.each(paths)("%s is 400 with the security headers", async (path) => {
    for (const method of ["GET", "POST"]) {
      const answer = await raw(method, path, { "Content-Type": "application/x-www-form-urlencoded" }, "csrf=x");
      expect(answer.status, method).toBe(400);
      expectStrictHeaders(answer.headers);
    }
  });
});

describe("answers outside Remix", () => {
  const lines: AccessEntry[] = [];
  const api = createServer((_req, res) => res.writeHead(200).end());
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
    const apiBaseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const app = createPortalApp({
      build: buildOf(),
      onAccess: (entry) => lines.push(entry),
      readiness: { health: { draining: false }, apiBaseUrl },
    });
    const listening = app.listen(0, "127.0.0.1");
    await new Promise((r) => listening.once("listening", r));
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    close = () => {
      listening.close();
      api.close();
    };
  });
  afterAll(() => close());

  it("/health/ready carries the security headers", async () => {
    const response = await fetch(`${base}/health/ready`);
    expect(response.status).toBe(200);
    expectStrictHeaders(response.headers);
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("a bad escape is logged as a 400 of no route, without its path (the metrics count it as a client error)", async () => {
    lines.length = 0;
    const response = await fetch(`${base}/expedientes/27293847563%c0`);
    expect(response.status).toBe(400);
    await until(() => lines.length > 0, "the access line");
    expect(lines[0]).toMatchObject({ status: 400, route: "(malformed)" });
    expect(JSON.stringify(lines)).not.toContain("27293847563");
  });
});
