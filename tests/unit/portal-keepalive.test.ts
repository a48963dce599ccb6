import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortalApp } from "../../portal/server";
import { buildRoute, serverBuild } from "./portal-build";

/**
 * Issue 38: behind HAProxy one keep-alive connection carries many citizens' posts. Each post's body
 * deadline once left a `close` listener on the socket for as long as the connection lived: after
 * ten posts Node printed MaxListenersExceededWarning, and the listeners (and their timers' closures)
 * piled up until the balancer closed the connection.
 */
describe("form posts on one keep-alive connection (issue 38)", () => {
  const sockets: Socket[] = [];
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  let server: http.Server;
  let port = 0;

  beforeAll(async () => {
    const action = async ({ request }: { request: Request }) => new Response(`recibido ${(await request.formData()).get("n")}`);
    const build = serverBuild(
      {
        root: buildRoute("root", "", undefined, {}),
        "routes/formulario": buildRoute("routes/formulario", "formulario", "root", { action, loader: () => new Response("formulario") }),
      },
      { default: () => new Response("document") },
    );
    server = http.createServer(createPortalApp({ build, onAccess: () => {} }));
    server.on("connection", (socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    process.on("warning", onWarning);
  });
  afterAll(async () => {
    process.off("warning", onWarning);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("adds no listener to the socket per post: 1,000 posts leave it as one post did", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (n: number) =>
      new Promise<string>((resolve, reject) => {
        const body = `n=${n}`;
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: "/formulario?_data=routes%2Fformulario",
            method: "POST",
            agent,
            headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
          },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk: string) => (text += chunk));
            res.on("end", () => resolve(`${res.statusCode} ${text}`));
          },
        );
        req.on("error", reject);
        req.end(body);
      });

    expect(await post(0)).toBe("200 recibido 0");
    expect(sockets).toHaveLength(1);
    const socket = sockets[0]!;
    const listenersAfterOne = socket.listenerCount("close");
    for (let n = 1; n <= 1000; n++) await post(n);
    expect(await post(1001)).toBe("200 recibido 1001");

    expect(sockets).toHaveLength(1); // the same connection all along
    expect(socket.listenerCount("close")).toBeLessThanOrEqual(listenersAfterOne);
    expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
    agent.destroy();
  });
});
