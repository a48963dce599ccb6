/**
 * The spec screens against any reading of the spec (issue 36): the catalogue's items and levels, and
 * a form's fields, in each shape a backend written from the spec alone may send; the form pre-filled
 * with what the portal holds (issue 40, WCAG 3.3.7).
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, happy, receiptIssued, user } from "../mocks/api";
import { argsOf, BASE, failOnUnhandled, load, post, settle, signedInRequest } from "./helpers";
import { loader as catalogueLoader } from "~/routes/procedures.available._index";
import { action as requirementsAction, loader as requirementsLoader } from "~/routes/procedures.available.requirements";
import { action as formAction, loader as formLoader } from "~/routes/procedures.form";
import { loader as frameLoader } from "~/routes/forms.index[.]html";
import { errors as E, procedureChat as t } from "~/lib/messages";
import { dniOf, prefill } from "~/features/procedures/form-prefill.server";
import type { FormField } from "@common/forms";

const server = setupServer(...happy, receiptIssued);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The catalogue answers `levels[parentId ?? ""]` (as `{ result }`) and records the parentId asked. */
function catalogue(levels: Record<string, unknown>) {
  const asked: (string | null)[] = [];
  server.use(
    http.get(`${API}/api/v4/procedures/`, ({ request }) => {
      const parentId = new URL(request.url).searchParams.get("parentId");
      asked.push(parentId);
      return HttpResponse.json({ result: levels[parentId ?? ""] ?? [] });
    }),
  );
  return asked;
}
const catalogueData = async (path: string) => {
  const response = await load(catalogueLoader, path);
  expect(response.status).toBe(200);
  return response.json();
};

describe("the catalogue, in any spec reading", () => {
  it("reads the type in any case, flags in any form, and leaves out only the items it cannot read", async () => {
    catalogue({
      "": [
        { id: 1, description: "Salud", type: null, isParent: "true", highlighted: 0 },
        "Transporte",
        { id: null, description: "Sin id" },
        null,
        { id: "12", description: "Turno para vacunación", type: "FORM", isParent: 0, highlighted: "1" },
        { id: "13", description: "Reclamo", type: "Interactive", isParent: "no", highlighted: "maybe" },
        { id: 14, description: "Otro", type: { code: "form" }, isParent: false },
      ],
    });
    const data = await catalogueData("/procedures/available");
    expect(
      data.items.map((i: { id: string; type: string | null; isParent: boolean; highlighted: boolean }) => [
        i.id,
        i.type,
        i.isParent,
        i.highlighted,
      ]),
    ).toEqual([
      ["1", null, true, false],
      ["12", "form", false, true],
      ["13", "interactive", false, false],
      ["14", "form", false, false],
    ]);
    expect(data.level).toBeNull();
  });

  it.each([
    [
      "objects that name the level",
      [
        { id: 1, description: "Salud" },
        { id: 11, description: "Certificados" },
      ],
      "Certificados",
      "/procedures/available?parentId=1",
      "Volver a Salud",
    ],
    ["ids (numbers)", [1, 11], null, "/procedures/available?parentId=1", "Volver a la categoría anterior"],
    ["ids (texts)", ["1", "11"], null, "/procedures/available?parentId=1", "Volver a la categoría anterior"],
    ["the levels above only", [{ id: "1", description: "Salud" }], null, "/procedures/available?parentId=1", "Volver a Salud"],
    ["names only", ["Salud", "Certificados"], "Certificados", "/procedures/available", "Volver a Trámites disponibles"],
    [
      "one object, not a list",
      { id: 11, description: "Certificados" },
      "Certificados",
      "/procedures/available",
      "Volver a Trámites disponibles",
    ],
    ["nothing", undefined, null, "/procedures/available", "Volver a Trámites disponibles"],
  ])("drilled down with parents as %s: the children, and a way back", async (_, parents, description, backHref, backLabel) => {
    const asked = catalogue({
      "11": [
        { id: 111, description: "Certificado de discapacidad", type: "interactive", isParent: false, parentId: 11, parents },
        { id: 112, description: "Carnet", type: "FORM", isParent: false, parentId: "11", parents },
      ],
    });
    const data = await catalogueData("/procedures/available?parentId=11");
    expect(asked).toEqual(["11"]);
    expect(data.items.map((i: { description: string }) => i.description)).toEqual(["Certificado de discapacidad", "Carnet"]);
    expect(data.level).toEqual({ description, backHref, backLabel });
  });

  it("a parentId given as the parent itself names the level; codes as ids are followed", async () => {
    const asked = catalogue({
      "cat-salud": [{ id: "tram-1", description: "Turno", type: "form", parentId: { id: "cat-salud", description: "Salud" } }],
    });
    const data = await catalogueData("/procedures/available?parentId=cat-salud");
    expect(asked).toEqual(["cat-salud"]);
    expect(data.items).toHaveLength(1);
    expect(data.level).toMatchObject({ description: "Salud", backHref: "/procedures/available" });
  });

  it("an answer holding the whole tree is narrowed to the level asked", async () => {
    const tree = [
      { id: 1, description: "Salud", isParent: true, parentId: null },
      { id: 2, description: "Transporte", isParent: true, parentId: null },
      { id: 11, description: "Certificados", isParent: true, parentId: 1 },
      { id: 21, description: "Licencia", parentId: 2 },
    ];
    catalogue({ "": tree, "1": tree });
    expect((await catalogueData("/procedures/available")).items.map((i: { id: string }) => i.id)).toEqual(["1", "2"]);
    expect((await catalogueData("/procedures/available?parentId=1")).items.map((i: { id: string }) => i.id)).toEqual(["11"]);
  });

  it("a form procedure's requirements start its form, not a conversation (the terms travel along)", async () => {
    const requirements = { procedureDescription: "Turno", enabledProcedureAcceptedTerms: true, initialDocuments: [] };
    server.use(
      http.get(`${API}/api/v4/procedures/:id/docs_table`, () => HttpResponse.json(requirements)),
      http.get(`${API}/api/v4/procedures/:id/requirements`, () => HttpResponse.json({ result: requirements })),
    );
    const page = await (await load(requirementsLoader, "/procedures/available/requirements/?procedure=12&type=form")).json();
    expect(page.type).toBe("form");
    const started = await post(requirementsAction, "/procedures/available/requirements/?procedure=12&type=form", {
      intent: "start",
      terms: "on",
    });
    expect(started.headers.get("Location")).toBe("/procedures/form/?procedure=12&terms=1");
    const chat = await post(requirementsAction, "/procedures/available/requirements/?procedure=12", { intent: "start", terms: "on" });
    expect(chat.headers.get("Location")).toBe("/procedures/available/chat/?procedure=12&terms=1");
  });
});

/** A form procedure as a backend of the spec only serves it: its form named by the first chat's requested document. */
function formProcedure(spec: unknown, data: Record<string, unknown> = {}) {
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    http.get(`${API}/api/v4/procedures/:id/forms/first`, () =>
      HttpResponse.json({
        result: {
          procedureId: 12,
          procedureDescription: "Turno para vacunación",
          first: true,
          draft: true,
          events: [
            {
              type: "requestedDocuments",
              author: "operator",
              createdAt: "2026-01-01T10:00:00Z",
              documents: [{ spec: { id: 931, code: "FORM", description: "Solicitud", form: { id: 31 } }, isRequired: true }],
            },
          ],
        },
        data: { spec: { header: { name: "Solicitud de turno" } } },
      }),
    ),
    http.get(`${API}/api/v4/instances/:p/:i/forms/:f/formData`, () => HttpResponse.json({ result: { data, spec } })),
    http.post(`${API}/api/v4/instances/`, async ({ request }) => {
      sent.push({ path: new URL(request.url).pathname + new URL(request.url).search, body: await request.json() });
      return HttpResponse.json({ success: true, result: { instanceId: 77 } }, { status: 201 });
    }),
    http.get(`${API}/api/v4/instances/:tab`, ({ params }) =>
      params.tab === "config" ? undefined : HttpResponse.json({ instances: [], last_page: 1 }),
    ),
  );
  return sent;
}

const FORMIO = {
  description: "Completá tus datos para pedir el turno.",
  header: { name: "Solicitud de turno de vacunación" },
  components: [
    { type: "textfield", key: "nombre", label: "Nombre y apellido", validate: { required: true } },
    {
      type: "panel",
      key: "p1",
      components: [
        {
          type: "select",
          key: "vacuna",
          label: "Vacuna",
          data: { values: [{ label: "Antigripal", value: "antigripal" }] },
          validate: { required: true },
        },
        { type: "columns", columns: [{ components: [{ type: "phoneNumber", key: "tel", label: "Teléfono" }] }] },
      ],
    },
    { type: "textarea", key: "observaciones", label: "Observaciones" },
    { type: "button", key: "submit", label: "Enviar", input: true },
  ],
};
const JSON_SCHEMA = {
  title: "Solicitud de turno de vacunación",
  schema: {
    type: "object",
    required: ["nombre", "vacuna"],
    properties: {
      nombre: { type: "string", title: "Nombre y apellido" },
      vacuna: { type: "string", title: "Vacuna", enum: ["antigripal"], enumNames: ["Antigripal"] },
      tel: { type: "string", title: "Teléfono", format: "phone" },
      observaciones: { type: "string", title: "Observaciones", format: "textarea" },
    },
  },
};
const OURS = {
  header: { name: "Solicitud de turno de vacunación" },
  fields: [
    { name: "nombre", label: "Nombre y apellido", type: "text", required: true },
    { name: "vacuna", label: "Vacuna", type: "select", required: "1", options: [{ value: "antigripal", label: "Antigripal" }] },
    { name: "tel", label: "Teléfono", type: "phone" },
    { name: "observaciones", label: "Observaciones", type: "textarea" },
    { label: "Sin nombre" },
  ],
};
const KEYED = {
  header: "Solicitud de turno de vacunación",
  fields: {
    nombre: { title: "Nombre y apellido", required: true },
    vacuna: { title: "Vacuna", type: "dropdown", mandatory: true, choices: [{ id: "antigripal", text: "Antigripal" }] },
    tel: { title: "Teléfono", type: "tel" },
    observaciones: { title: "Observaciones", type: "textarea" },
  },
};

const frame = async (path: string) => {
  const request = await signedInRequest(`${BASE}${path}`);
  return (await settle(async () => frameLoader(argsOf(request)))).text();
};

describe("the form procedure, in any spec reading", () => {
  it.each([
    ["Form.io components", FORMIO],
    ["a JSON Schema", JSON_SCHEMA],
    ["a JSON Schema as text", JSON.stringify(JSON_SCHEMA)],
    ["our field list", OURS],
    ["fields keyed by name", KEYED],
  ])("shows the fields of %s, pre-filled with the citizen's name; a valid form creates the instance", async (_, spec) => {
    const sent = formProcedure(spec);
    const screen = await (await load(formLoader, "/procedures/form/?procedure=12")).json();
    expect(screen.back).toBe("/procedures");
    expect(
      screen.spec.fields.map((f: { name: string; type: string; required?: boolean }) => [f.name, f.type, Boolean(f.required)]),
    ).toEqual([
      ["nombre", "text", true],
      ["vacuna", "select", true],
      ["tel", "phone", false],
      ["observaciones", "textarea", false],
    ]);
    const html = await frame("/forms/index.html?procedure=12");
    expect(html).toContain('name="nombre"');
    expect(html).toContain(`value="${user.cn}"`);
    expect(html).toContain("Antigripal");
    expect(html).toContain(t.form.prefilled);

    const invalid = await post(formAction, "/procedures/form/?procedure=12", { intent: "save", nombre: "Ana" });
    expect(invalid.status).toBe(400);
    expect(sent).toHaveLength(0);
    const saved = await post(formAction, "/procedures/form/?procedure=12&terms=1", { intent: "save", nombre: "Ana", vacuna: "antigripal" });
    expect(saved.headers.get("Location")).toBe("/procedures");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe("/api/v4/instances/?module=av");
    expect(sent[0]!.body).toMatchObject({
      procedureId: 12,
      procedureAcceptedTerms: true,
      formData: { nombre: "Ana", vacuna: "antigripal" },
    });
  });

  it("an invalid form shows the spec's message and each error beside its field, JavaScript off", async () => {
    formProcedure(FORMIO);
    const invalid = await post(formAction, "/procedures/form/?procedure=12", { intent: "save", nombre: "" });
    expect(await invalid.json()).toEqual({ invalid: true });
    const cookie = invalid.headers.get("Set-Cookie")!.split(";")[0]!;
    const request = await signedInRequest(`${BASE}/forms/index.html?procedure=12`, { headers: { Cookie: cookie } });
    const html = await (await settle(async () => frameLoader(argsOf(request)))).text();
    expect(html).toMatch(/id="f-nombre-error"[^>]*>Este campo es obligatorio\./);
    expect(html).toMatch(/id="f-vacuna-error"[^>]*>Este campo es obligatorio\./);
    // What the citizen emptied is not filled again behind their back.
    expect(html).not.toContain(`value="${user.cn}"`);
    expect(E.formInvalid).toBe("El formulario no se completó correctamente, por favor verifíquelo e intente nuevamente.");
  });
});

describe("nothing asked twice: which fields are pre-filled", () => {
  const data = {
    fullName: "María Laura Gómez",
    firstName: "María Laura",
    lastName: "Gómez",
    cuil: "27012345674",
    dni: "1234567",
    email: "maria@example.com",
    phone: "+54 9 11 5555-1234",
  };
  const field = (name: string, label: string, type: FormField["type"] = "text", more: Partial<FormField> = {}): FormField => ({
    name,
    label,
    type,
    ...more,
  });

  it("fills only empty fields whose label (or, without one, name) plainly asks for the datum", () => {
    const fields = [
      field("a", "Nombre y apellido"),
      field("b", "Tu CUIL"),
      field("c", "N° de documento", "number"),
      field("d", "Correo electrónico:", "email"),
      field("e", "Teléfono celular", "phone"),
      field("nombre", "Nombre"),
      field("apellido", "Apellido"),
      field("correoEmpleador", "Correo del empleador", "email"),
      field("telFamiliar", "Teléfono de un familiar", "phone"),
      field("notas", "Nombre y apellido", "textarea"),
      field("tipo", "Correo", "select", { options: [{ value: "x", label: "x" }] }),
      field("dni", "DNI", "text", { pattern: "\\d{8}" }),
      field("email", ""),
    ];
    const { values, filled } = prefill(fields, { a: "Ana Pérez", b: "" }, data);
    expect(values).toMatchObject({
      a: "Ana Pérez",
      b: "27012345674",
      c: "1234567",
      d: data.email,
      e: data.phone,
      nombre: "María Laura",
      apellido: "Gómez",
      email: data.email,
    });
    // A DNI of seven digits does not meet that field's own rule: left for the citizen.
    expect(filled).toEqual(["b", "c", "d", "e", "nombre", "apellido", "email"]);
  });

  it("the DNI inside a CUIL", () => {
    expect(dniOf("20-35112847-3")).toBe("35112847");
    expect(dniOf("27012345674")).toBe("1234567");
    expect(dniOf("123")).toBeNull();
  });
});
