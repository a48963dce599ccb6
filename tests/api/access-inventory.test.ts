import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCitizens } from "../../server/auth/oidc/demo-citizens.js";
import { call, routesOf, startStack, type TestStack } from "./harness.js";

/**
 * Keeps the access-control matrix complete (one citizen never reaches another's ids): every citizen
 * API route that takes an id in its path is listed here with the test that tries it with another
 * citizen's ids. A route added later without an entry fails this test. The routes added after the
 * matrix was written (renditions, archives, receipts, linked communications) are tried here.
 */
const victim = demoCitizens[0]!;
const attacker = demoCitizens[2]!;

const MATRIX = "tests/api/access-matrix.test.ts";
const HERE = "tests/api/access-inventory.test.ts";
const NOT_CITIZEN_DATA = "not citizen data (catalogue, tab codes): same answer for everyone";

/** Every /api route with a path parameter → where another citizen's ids are tried. */
const COVERED: Record<string, string> = {
  "GET /api/v4/instances/count/:code": NOT_CITIZEN_DATA,
  "GET /api/v4/instances/history/:id": MATRIX,
  "GET /api/v4/instances/:id": NOT_CITIZEN_DATA, // `:code` (a tab code) shares the position
  "GET /api/v4/instances/:id/received_docs": MATRIX,
  "POST /api/v4/instances/:id/discard": MATRIX,
  "GET /api/v4/instances/:id/interactive/citizen": MATRIX,
  "PUT /api/v4/instances/:id/interactive/citizen/update": MATRIX,
  "GET /api/v4/instances/:id/interactive/previewChat": MATRIX,
  "PUT /api/v4/instances/:id/interactive/generic": MATRIX,
  "POST /api/v4/instances/:id/interactive/discardToSendDocument": MATRIX,
  "PUT /api/v4/instances/:id/forms/:formId": MATRIX,
  "GET /api/v4/instances/:id/:instanceId/forms/:formId/formData": MATRIX,
  "GET /api/v4/filemanager/:id": MATRIX,
  "GET /api/v4/filemanager/:id/redirectRecord": MATRIX,
  "GET /api/v4/filemanager/:id/incorporated": MATRIX,
  "GET /api/v4/filemanager/:id/sent": MATRIX,
  "PUT /api/v4/filemanager/:id/send": MATRIX,
  "GET /api/v4/filemanager/:id/pending": MATRIX,
  "GET /api/v4/filemanager/:id/documents": MATRIX,
  "POST /api/v4/filemanager/:id/upload": MATRIX,
  "DELETE /api/v4/filemanager/:id/discard/:id": MATRIX,
  "GET /api/v4/procedures/:id/docs_table": NOT_CITIZEN_DATA,
  "GET /api/v4/procedures/:id/requirements": NOT_CITIZEN_DATA,
  "GET /api/v4/procedures/:id/forms/first": NOT_CITIZEN_DATA,
  "GET /api/dd/v1/users/get-user-self-da/:cuil": MATRIX,
  "GET /api/dd/v1/users/get_contact_info/:cuil": MATRIX,
  "GET /api/dd/v1/communications/inbox/:cuil": MATRIX,
  "GET /api/dd/v1/communications/get_one/:code": MATRIX,
  "GET /api/dd/v1/communications/get_history/:code": MATRIX,
  "GET /api/dd/v1/communications/get_file/:code/:fileId": MATRIX,
  "GET /api/dd/v1/communications/linked/:cuil": HERE,
  "GET /api/fs/bucket/:base64FileName/:fileId": MATRIX,
  "DELETE /api/fs/raw/bucket/:id": "tests/api/files.test.ts", // another citizen's: 404
  "DELETE /api/fs/upload-leases/:id": "tests/api/ratelimit.test.ts", // another citizen's lease is not given back
  "GET /api/fs/viewer/getPageCount/:id": MATRIX,
  "GET /api/fs/viewer/getPageAsPdf/:id/:page": MATRIX,
  "GET /api/fs/viewer/getPageImage/:id/:page": HERE,
  "GET /api/fs/viewer/getPageText/:id/:page": HERE,
  "GET /api/fs/archive/record/:id": HERE,
  "GET /api/fs/archive/procedure/:id": HERE,
  "GET /api/receipts/:id": HERE,
};

describe("access-control inventory", () => {
  let stack: TestStack;
  let attackerToken: string;
  let victimToken: string;
  const as = (token: string, path: string, init: { method?: string; body?: unknown; userId?: string } = {}) =>
    call(stack, path, { method: init.method, body: init.body, token, headers: { "User-ID": init.userId ?? attacker.cuil } });

  beforeAll(async () => {
    stack = await startStack();
    attackerToken = await stack.sign({ sub: attacker.cuil });
    victimToken = await stack.sign({ sub: victim.cuil });
  });
  afterAll(() => stack?.close());

  it("lists every citizen API route that takes an id in its path", () => {
    const routes = routesOf(stack.app.printRoutes({ commonPrefix: false })).filter((r) => r.includes(" /api/") && r.includes(":"));
    expect(routes.length).toBeGreaterThan(30);
    const unlisted = routes.filter((r) => !(r in COVERED));
    expect(unlisted, "new id-taking routes: try them with another citizen's ids and list them here").toEqual([]);
  });

  it("renditions of another citizen's file answer 404", async () => {
    const file = await stack.db.selectFrom("files").select("id").where("owner_cuil", "=", victim.cuil).executeTakeFirstOrThrow();
    expect((await as(victimToken, `/api/fs/viewer/getPageText/${file.id}/1`)).status).toBe(200);
    expect((await as(attackerToken, `/api/fs/viewer/getPageImage/${file.id}/1`)).status).toBe(404);
    expect((await as(attackerToken, `/api/fs/viewer/getPageText/${file.id}/1`)).status).toBe(404);
  });

  it("archives of another citizen's record or instance answer 404", async () => {
    const record = await stack.db.selectFrom("records").select("id").where("owner_cuil", "=", victim.cuil).executeTakeFirstOrThrow();
    const instance = await stack.db
      .selectFrom("proc_instances")
      .select("id")
      .where("owner_cuil", "=", victim.cuil)
      .executeTakeFirstOrThrow();
    const own = await fetch(`${stack.api}/api/fs/archive/record/${record.id}`, { headers: { authorization: `Bearer ${victimToken}` } });
    expect(own.status).toBe(200);
    await own.arrayBuffer();
    expect((await as(attackerToken, `/api/fs/archive/record/${record.id}`)).status).toBe(404);
    expect((await as(attackerToken, `/api/fs/archive/procedure/${instance.id}`)).status).toBe(404);
  });

  it("another citizen's receipt answers 404, and no receipt can be issued for their instance", async () => {
    const issued = await as(victimToken, "/api/receipts", { method: "POST", body: { kind: "adhesion" } });
    expect(issued.status).toBe(201);
    const id = issued.json.result.id as string;
    expect((await as(victimToken, `/api/receipts/${id}`)).status).toBe(200);
    expect((await as(attackerToken, `/api/receipts/${id}`)).status).toBe(404);
    expect((await as(attackerToken, "/api/receipts")).json.result.map((r: { id: string }) => r.id)).not.toContain(id);
    const instance = await stack.db
      .selectFrom("proc_instances")
      .select("id")
      .where("owner_cuil", "=", victim.cuil)
      .executeTakeFirstOrThrow();
    const forged = await as(attackerToken, "/api/receipts", { method: "POST", body: { kind: "procedure", ref: instance.id } });
    expect(forged.status).toBe(404);
  });

  it("linked communications: another citizen's cuil answers 403, their record links nothing", async () => {
    const record = await stack.db.selectFrom("records").select("id").where("owner_cuil", "=", victim.cuil).executeTakeFirstOrThrow();
    const foreign = await as(attackerToken, `/api/dd/v1/communications/linked/${victim.cuil}?record=${record.id}`, { userId: victim.cuil });
    expect(foreign.status).toBe(403);
    const ownCuil = await as(attackerToken, `/api/dd/v1/communications/linked/${attacker.cuil}?record=${record.id}`);
    if (ownCuil.status === 200) expect(ownCuil.json.communications).toEqual([]);
    else expect([400, 404]).toContain(ownCuil.status);
  });
});
