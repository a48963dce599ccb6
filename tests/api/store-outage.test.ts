/**
 * One outage costs one feature (issue 38): with the object store stopped, the API stays ready (in
 * the balancer's rotation), every call that needs no file is served, and a call that needs one
 * answers 503 STORE_UNAVAILABLE (the portal's 'No podemos mostrar documentos en este momento'). The
 * store here is the real S3 client against an address where nothing listens any more.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { makeTextPdf } from "../../server/domain/files/samples.js";
import { createS3BlobStore } from "../../server/storage/s3.js";
import { signedIn, useStack } from "./fixtures.js";
import { freePort, testSigner, uploadFile } from "./harness.js";

const stack = useStack({ env: { METRICS_TOKEN: "metricas-de-prueba-3f9a1c7e5b" } });
const owner = signedIn(stack, demoCitizens[0]);
let stopped: Awaited<ReturnType<typeof buildApp>>;
let fileId = "";
let token = "";

beforeAll(async () => {
  // A file stored while the store answered.
  const up = await uploadFile(stack.api, owner.token, await makeTextPdf("Antes del corte", 1), "antes.pdf", "application/pdf");
  expect(up.status).toBe(200);
  fileId = up.json.result as string;
  const gone = await freePort();
  const store = createS3BlobStore({
    bucket: "atencion-virtual",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${gone}`,
    forcePathStyle: true,
    credentials: { accessKeyId: "prueba", secretAccessKey: "prueba" },
  });
  const signer = await testSigner("corte-key");
  token = await signer.sign(stack.issuer, demoCitizens[0].cuil);
  stopped = await buildApp({ config: stack.config, db: stack.db, logger: false, store, mailWorker: false, keys: signer.keys });
});
afterAll(async () => stopped?.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await stopped.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}`, ...headers } });
  return {
    status: response.statusCode,
    json: response.headers["content-type"]?.includes("json") ? response.json() : undefined,
    text: response.body,
  };
};

describe("the object store stopped (issue 38)", () => {
  it("stays ready, saying what is degraded", async () => {
    const ready = await stopped.inject({ method: "GET", url: "/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ok", degraded: ["store"] });
  });

  it("serves what needs no file", async () => {
    const cuil = demoCitizens[0].cuil;
    for (const url of [
      `/api/dd/v1/communications/inbox/${cuil}`,
      "/api/v4/procedures",
      "/api/v4/instances/config?module=procedures",
      "/api/receipts",
      "/api/v1/me/accesses",
    ]) {
      expect((await get(url, { "user-id": cuil })).status, url).toBe(200);
    }
  });

  it("answers 503 STORE_UNAVAILABLE where a file is needed: download, page, upload", async () => {
    const name = encodeURIComponent(Buffer.from("antes.pdf").toString("base64"));
    for (const url of [`/api/fs/bucket/${name}/${fileId}`, `/api/fs/viewer/getPageAsPdf/${fileId}/1`]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(503);
      expect(answer.json).toEqual({
        code: "STORE_UNAVAILABLE",
        message: "No podemos mostrar documentos en este momento. Intente nuevamente más tarde.",
      });
    }
    const address = await stopped.listen({ port: 0, host: "127.0.0.1" });
    const up = await uploadFile(address, token, await makeTextPdf("Durante el corte", 1), "durante.pdf", "application/pdf");
    expect(up.status).toBe(503);
    expect(up.json.code).toBe("STORE_UNAVAILABLE");
  });

  it("says so in its metrics: dependency_up per dependency", async () => {
    const metrics = await stopped.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer metricas-de-prueba-3f9a1c7e5b" },
    });
    expect(metrics.body).toMatch(/^dependency_up\{dependency="database"\} 1$/m);
    expect(metrics.body).toMatch(/^dependency_up\{dependency="store"\} 0$/m);
    const healthy = await stack.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer metricas-de-prueba-3f9a1c7e5b" },
    });
    expect(healthy.body).toMatch(/^dependency_up\{dependency="store"\} 1$/m);
  });
});
