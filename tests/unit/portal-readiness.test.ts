import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createPortalApp } from "../../portal/server";
import { fakeBuild } from "./portal-build";

/**
 * Issue 38: a portal whose identity provider is unset (the development default, localhost:4001) or
 * wrong passed readiness and sent every citizen to an address that does not answer. It is ready
 * only once it has read its IdP's discovery document naming the issuer it was given; after that an
 * IdP outage costs sign-in only and leaves the portal in rotation (one outage, one feature).
 */
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(handler: http.RequestListener): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const api = () => listen((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}'));

/** An IdP whose discovery document names `named(url)` as its issuer. */
async function idp(named: (url: string) => string = (url) => url) {
  let self = "";
  const started = await listen((req, res) => {
    if (req.url !== "/.well-known/openid-configuration") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ issuer: named(self) }));
  });
  self = started.url;
  return started;
}

async function portal(issuer: string) {
  const health = { draining: false };
  const app = createPortalApp({ build: fakeBuild(), onAccess: () => {}, readiness: { health, apiBaseUrl: (await api()).url, issuer } });
  const { url } = await listen(app);
  return async () => {
    const response = await fetch(`${url}/health/ready`);
    return { status: response.status, body: (await response.json()) as unknown };
  };
}

describe("the portal's readiness and its identity provider (issue 38)", () => {
  it("is not ready while its identity provider does not answer", async () => {
    const closed = await listen(() => {});
    const { url } = { url: closed.url };
    await new Promise((resolve) => closed.server.close(resolve));
    servers.splice(servers.indexOf(closed.server), 1);
    const ready = await portal(url);
    expect(await ready()).toEqual({ status: 503, body: { status: "unavailable", failed: "identity-provider" } });
  });

  it("is not ready when the discovery document names another issuer", async () => {
    const other = await idp(() => "https://otro.idp.example");
    const ready = await portal(other.url);
    expect(await ready()).toEqual({ status: 503, body: { status: "unavailable", failed: "identity-provider" } });
  });

  it("is ready once the discovery document was read, and stays ready through a later IdP outage", async () => {
    const provider = await idp();
    const ready = await portal(provider.url);
    expect(await ready()).toEqual({ status: 200, body: { status: "ok" } });
    provider.server.closeAllConnections();
    await new Promise((resolve) => provider.server.close(resolve));
    servers.splice(servers.indexOf(provider.server), 1);
    expect(await ready()).toEqual({ status: 200, body: { status: "ok" } });
  });
});
