import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions } from "../../server/logger.js";
import { call, startStack, type TestStack } from "./harness.js";

const CUIL = "27293847563";

describe("structured logs carry no personal data", () => {
  const lines: string[] = [];
  let stack: TestStack;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    stack = await startStack({ logger: pino(loggerOptions("info"), sink) });
  });
  afterAll(() => stack.close());

  it("logs route patterns, statuses and durations, never the cuil, the token or the name", async () => {
    const token = await stack.sign({ sub: CUIL });
    await call(stack, `/api/dd/v1/users/get-user-self-da/${CUIL}`, { token, headers: { "User-ID": CUIL } });
    await call(stack, "/api/security/user/get_roles", { token });
    await call(stack, `/api/dd/v1/users/get-user-self-da/${CUIL}`, { token, headers: { "User-ID": "20267895431" } });
    const log = lines.join("");
    expect(log).toContain('"route":"/api/dd/v1/users/get-user-self-da/:cuil"');
    expect(log).toMatch(/"status":200/);
    expect(log).toMatch(/"status":403/);
    for (const secret of [CUIL, "20267895431", token, "Fernández", "maria.fernandez@example.com"]) expect(log).not.toContain(secret);
  });
});
