import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { call, routesOf, startStack, type TestStack } from "./harness.js";

/**
 * Odd input gets a clear 4xx, never a 5xx: every citizen route of the API, with each path
 * parameter and each number-like query parameter set to absurd values (numbers past any integer
 * type, negative, fractional, exponent, hex, not a number at all, very long).
 */
const citizen = demoCitizens[0]!;
const ABSURD = [
  "99999999999",
  "99999999999999999999999",
  "-1",
  "0",
  "1.5",
  "1e309",
  "0x10",
  "NaN",
  "Infinity",
  "%00",
  "x".repeat(3000),
  "１２",
];
const QUERY = [
  "pageNumber",
  "page",
  "procedureId",
  "parentId",
  "since",
  "until",
  "created_since",
  "created_until",
  "seen_since",
  "seen_until",
  "refresh",
  "module",
  "sort",
  "order",
  "type",
  "filter",
  "searchTerm",
  "redirectModule",
];

let stack: TestStack;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  token = await stack.sign({ sub: citizen.cuil });
});
afterAll(() => stack?.close());

describe("absurd numbers and ids", () => {
  it("no route answers 5xx to an absurd path parameter or query value", { timeout: 120_000 }, async () => {
    const routes = routesOf(stack.app.printRoutes({ commonPrefix: false })).filter((r) => r.includes(" /api/") && !r.includes("*"));
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    const probe = async (method: string, path: string) => {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const res = await call(stack, path, { method, token, body, headers: { "User-ID": citizen.cuil } });
      if (res.status >= 500) failures.push(`${method} ${path.slice(0, 120)} → ${res.status} ${res.text.slice(0, 80)}`);
    };
    for (const route of routes) {
      const [method, template] = route.split(" ") as [string, string];
      const params = template.match(/:[A-Za-z0-9]+/g) ?? [];
      for (const value of ABSURD) {
        const encoded = encodeURIComponent(value).replace(/%2500/, "%00");
        for (const param of params) {
          // One parameter absurd, the others plausible (the citizen's own cuil where one is asked).
          const path = params.reduce(
            (p, other) => p.replace(other, other === param ? encoded : /cuil/i.test(other) ? citizen.cuil : "1"),
            template,
          );
          await probe(method, `${path}?module=procedures`);
        }
        const plain = params.reduce((p, other) => p.replace(other, /cuil/i.test(other) ? citizen.cuil : "1"), template);
        if (method === "GET") await probe(method, `${plain}?${QUERY.map((q) => `${q}=${encoded}`).join("&")}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
