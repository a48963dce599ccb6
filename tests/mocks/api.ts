import { http, HttpResponse, delay } from "msw";

/** msw handlers for the backend contract (spec section 7), with the happy answers by default. */
export const API = "http://api.test";
export const CUIL = "20123456783";

export const user = { cn: "María Laura Gómez", email: "maria@example.com", cuil: CUIL, uid: "u1", telephone_number: null };

export const config = {
  logout_url: "http://idp.test/session/end",
  tenant: "provincia",
  modules: [
    {
      id: "procedures",
      enabled: true,
      pageSize: 10,
      newButton: true,
      tabs: [{ code: "pending", description: "Pendientes", count: true, color: "#0b5394" }],
    },
    { id: "records", enabled: true, pageSize: 10, newButton: false, tabs: [] },
    { id: "digital", enabled: true, pageSize: 10, newButton: false, tabs: [] },
  ],
};

export const happy = [
  http.get(`${API}/api/security/user/get_roles`, () => HttpResponse.json({ data: { data: user } })),
  http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json(config)),
  http.get(`${API}/api/dd/v1/users/get-user-self-da/:cuil`, () => HttpResponse.json({ data: { cuil: CUIL } })),
  // Links between modules (decision 026): the communications about a tray page's instances or a record (none by default).
  http.get(`${API}/api/dd/v1/communications/linked/:cuil`, () => HttpResponse.json({ communications: [] })),
  // 'Tus datos' (decision 072): a backend of the spec only does not offer it (404), so its links stay hidden.
  http.get(`${API}/api/v1/me/accesses`, () => HttpResponse.json({ code: "NOT_FOUND", message: "No encontrado" }, { status: 404 })),
  // …nor the switch of the daily digest of the accesses (decision 074), so 'Configuración' shows the spec's content only.
  http.get(`${API}/api/v1/me/access-digest`, () => HttpResponse.json({ code: "NOT_FOUND", message: "No encontrado" }, { status: 404 })),
  // 'Descargar mis datos' (decision 073): not offered by a backend of the spec only either.
  http.get(`${API}/api/v1/me/export/status`, () => HttpResponse.json({ code: "NOT_FOUND", message: "No encontrado" }, { status: 404 })),
];

export const notAdhered = http.get(`${API}/api/dd/v1/users/get-user-self-da/:cuil`, () =>
  HttpResponse.json({ code: "NOT_ADHERED", message: "No adherido" }, { status: 400 }),
);
export const adhesionCheckFails = http.get(`${API}/api/dd/v1/users/get-user-self-da/:cuil`, () =>
  HttpResponse.json({ code: "BOOM" }, { status: 500 }),
);
export const sessionGone = http.get(`${API}/api/v4/instances/config`, () =>
  HttpResponse.json({ location: "/auth/login" }, { status: 303 }),
);
export const configSlow = http.get(`${API}/api/v4/instances/config`, async () => {
  await delay(2_000);
  return HttpResponse.json(config);
});
export const configMalformed = http.get(
  `${API}/api/v4/instances/config`,
  () => new HttpResponse("{not json", { headers: { "Content-Type": "application/json" } }),
);
export const digitalDisabled = http.get(`${API}/api/v4/instances/config`, () =>
  HttpResponse.json({ ...config, modules: config.modules.map((m) => (m.id === "digital" ? { ...m, enabled: false } : m)) }),
);

/** `POST /api/receipts` after a create (procedure, documents, record, adhesion): a receipt of the asked kind. */
export const receiptIssued = http.post(`${API}/api/receipts`, async ({ request }) => {
  const { kind } = (await request.json()) as { kind: string };
  const at = "2026-11-24T12:00:00.000Z";
  return HttpResponse.json(
    {
      result: {
        id: "rcpt-1",
        number: "C-2026-000001",
        kind,
        occurredAt: at,
        issuedAt: at,
        detail: { citizen: { name: user.cn, cuil: CUIL } },
      },
    },
    { status: 201 },
  );
});
