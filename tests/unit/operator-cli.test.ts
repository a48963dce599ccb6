import { execFile } from "node:child_process";
import { describe, expect, it } from "vitest";

/** The operator CLI says where it talks (issue 31): `--help` names OPERATOR_API_URL, every call the address. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/operator/cli.ts", ...args],
      { env: { ...process.env, ...env }, encoding: "utf8", timeout: 60_000 },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

describe("operator CLI", () => {
  it("--help names OPERATOR_API_URL and the address in use", { timeout: 60_000 }, async () => {
    const run = await cli(["--help"], { OPERATOR_API_URL: "http://127.0.0.1:9/" });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("OPERATOR_API_URL");
    expect(run.stdout).toContain("API del operador: http://127.0.0.1:9 (OPERATOR_API_URL)");
  });

  it("a command says where it talks, and a refused connection says how to point elsewhere", { timeout: 60_000 }, async () => {
    const run = await cli(["config:show"], { OPERATOR_API_URL: "http://127.0.0.1:9" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("API del operador: http://127.0.0.1:9 (OPERATOR_API_URL)");
    expect(run.stderr).toContain("No se pudo conectar con la API en http://127.0.0.1:9");
  });
});
