/**
 * A proxy in front of the spec backend that changes one node of one answer (issue 36): the portal's
 * API_BASE_URL points here (stack.ts) and everything passes through untouched, except the answers to
 * requests whose `X-Request-Id` (which the portal forwards from the browser's request on every call)
 * has a plan: a JSON answer of a call the plan's pattern matches gets one change of one node
 * (mutations.ts), the plan's `pick` among all the changes that apply to it. Other tests running at
 * the same time, with other request ids, see the spec backend as it is.
 *
 * Control, on the proxy itself: `PUT /__mutations/{id}` `{ call, pick }` (`call` a pattern of
 * `METHOD path?query`), `GET /__mutations/{id}` → `{ applied }` (each change made, cuils masked),
 * `DELETE /__mutations/{id}`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describeMutation, mutate, mutationsOf } from "./mutations";

type Plan = { call: RegExp; pick: number; applied: string[] };

const CONTROL = /^\/__mutations\/([A-Za-z0-9._-]{8,64})$/;

async function bodyOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function startMutatingProxy(options: { target: string; port: number; host?: string }) {
  const plans = new Map<string, Plan>();
  const target = new URL(options.target);

  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    const control = CONTROL.exec(url.split("?")[0]!);
    if (control) return void answerControl(control[1]!, req, res);
    const plan = plans.get(String(req.headers["x-request-id"] ?? ""));
    const call = `${req.method} ${url}`;
    const upstream = http.request(
      new URL(url, target),
      { method: req.method, headers: { ...req.headers, host: target.host } },
      async (answer) => {
        const status = answer.statusCode ?? 502;
        const json = /json/i.test(String(answer.headers["content-type"] ?? ""));
        if (!plan || !json || status < 200 || status > 299 || !plan.call.test(call)) {
          res.writeHead(status, answer.headers);
          answer.pipe(res);
          return;
        }
        const raw = await bodyOf(answer);
        let out = raw;
        try {
          const body = JSON.parse(raw.toString("utf8")) as unknown;
          const mutations = mutationsOf(body);
          if (mutations.length) {
            const mutation = mutations[plan.pick % mutations.length]!;
            out = Buffer.from(JSON.stringify(mutate(body, mutation)));
            plan.applied.push(`${call.replace(/\d{11}/g, "{cuil}")}: ${describeMutation(mutation)}`);
          }
        } catch {
          // not JSON after all: passed on as it came
        }
        const headers = { ...answer.headers, "content-length": String(out.length) };
        delete headers["transfer-encoding"];
        res.writeHead(status, headers);
        res.end(out);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end('{"message":"proxy: the spec backend did not answer"}');
    });
    req.pipe(upstream);
  });

  async function answerControl(id: string, req: http.IncomingMessage, res: http.ServerResponse) {
    const send = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "PUT") {
      const { call, pick } = JSON.parse((await bodyOf(req)).toString("utf8")) as { call: string; pick: number };
      plans.set(id, { call: new RegExp(call), pick, applied: [] });
      return send(200, { ok: true });
    }
    if (req.method === "DELETE") {
      plans.delete(id);
      return send(200, { ok: true });
    }
    return send(200, { applied: plans.get(id)?.applied ?? [] });
  }

  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
