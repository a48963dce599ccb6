import { http, HttpResponse, delay } from "msw";
import { EXTENSION_NAMES } from "@common/extensions";

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

/** The identity provider's discovery document (the portal's tests use http://idp.test, tests/portal/setup.ts). */
export const ISSUER = "http://idp.test";
export const discoveryDocument = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/auth`,
  token_endpoint: `${ISSUER}/token`,
  jwks_uri: `${ISSUER}/jwks`,
  end_session_endpoint: `${ISSUER}/session/end`,
  response_types_supported: ["code"],
};
export const idpDiscovery = http.get(`${ISSUER}/.well-known/openid-configuration`, () => HttpResponse.json(discoveryDocument));

/** The extensions the mocked backend offers (decision 098): all of ours, as the reference backend does. */
export const extensions = http.get(`${API}/api/v1/extensions`, () => HttpResponse.json({ extensions: EXTENSION_NAMES }));
/** A backend of the spec only: the discovery call is not there. */
export const noExtensions = http.get(`${API}/api/v1/extensions`, () =>
  HttpResponse.json({ code: "NOT_FOUND", message: "No encontrado" }, { status: 404 }),
);

/**
 * A record's three lists in one call (extension `record-documents`, offered above): made of what the
 * test's own handlers answer for the spec's three calls, so that each test's lists and failures hold in
 * either way of asking; a list whose call fails is left out (the portal then fails that list alone).
 */
export const recordDocuments = http.get(`${API}/api/v4/filemanager/:id/documents`, async ({ params }) => {
  const lists = await Promise.all(
    (["incorporated", "sent", "pending"] as const).map(async (kind) => {
      const answer = await fetch(`${API}/api/v4/filemanager/${String(params.id)}/${kind}?module=records`);
      return answer.ok ? [[kind, ((await answer.json()) as { documents: unknown }).documents]] : [];
    }),
  );
  return HttpResponse.json(Object.fromEntries(lists.flat()));
});

/**
 * The tabs' counts of a list (the procedures tray, the records list), both ways the portal asks them:
 * `GET /api/v4/instances/count/{tab}`, one tab a call (the spec), and `GET /api/v4/instances/counts`,
 * every tab at once (ours, `tab-counts`, which `extensions` offers). A tab `counts` does not name counts 0.
 */
export const tabCounts = (counts: Record<string, unknown>) => [
  http.get(`${API}/api/v4/instances/count/:tab`, ({ params }) => HttpResponse.json({ count: counts[String(params.tab)] ?? 0 })),
  http.get(`${API}/api/v4/instances/counts`, () => HttpResponse.json({ counts })),
];
/** Both ways of asking the tabs' counts fail (`status`, 500 unless told). */
export const tabCountsFail = (status = 500) => [
  http.get(`${API}/api/v4/instances/count/:tab`, () => HttpResponse.json({ code: "BOOM" }, { status })),
  http.get(`${API}/api/v4/instances/counts`, () => HttpResponse.json({ code: "BOOM" }, { status })),
];

/** Notes each count call (its path and query) into `asked`, and lets it on to the test's answer. */
export const countCallsInto = (asked: string[]) => {
  const seen = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
    return undefined;
  };
  return [http.get(`${API}/api/v4/instances/count/:tab`, seen), http.get(`${API}/api/v4/instances/counts`, seen)];
};

/** A backend that offers our extensions (`tab-counts` among them), and one of the spec only: the handlers that make each. */
export const BACKENDS = [
  ["with our extensions", []],
  ["of the spec", [noExtensions]],
] as const;

export const happy = [
  extensions,
  recordDocuments,
  // Upload leases (issue 37): every upload may start.
  http.post(`${API}/api/fs/upload-leases`, () => HttpResponse.json({ result: { lease: "lease-1" } })),
  http.delete(`${API}/api/fs/upload-leases/:id`, () => new HttpResponse(null, { status: 204 })),
  http.delete(`${API}/api/fs/raw/bucket/:id`, () => new HttpResponse(null, { status: 204 })),
  http.get(`${API}/api/security/user/get_roles`, () => HttpResponse.json({ data: { data: user } })),
  http.get(`${API}/api/v4/instances/config`, () => HttpResponse.json(config)),
  http.get(`${API}/api/dd/v1/users/get-user-self-da/:cuil`, () => HttpResponse.json({ data: { cuil: CUIL } })),
  // Links between modules (decision 026): the communications about a tray page's instances or a record (none by default).
  http.get(`${API}/api/dd/v1/communications/linked/:cuil`, () => HttpResponse.json({ communications: [] })),
  // 'Tus datos' (decision 071): a backend of the spec only does not offer it (404), so its links stay hidden.
  http.get(`${API}/api/v1/me/accesses`, () => HttpResponse.json({ code: "NOT_FOUND", message: "No encontrado" }, { status: 404 })),
  // …nor the switch of the daily digest of the accesses (decision 071), so 'Configuración' shows the spec's content only.
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

/** The config of the portal tests with `tabs` for the module `id` (the default has one procedures tab and none else). */
export const configWithTabs = (id: string, tabs: { code: string; description: string; count: boolean; color: string }[]) => ({
  ...config,
  modules: config.modules.map((m) => (m.id === id ? { ...m, tabs } : m)),
});

/** The citizen's record of the portal tests (`?file=`), and the header `GET /api/v4/filemanager/:id` answers for it. */
export const RECORD_ID = "11111111-2222-3333-4444-555555555555";
export const recordHeader = {
  code: "EX-2025-1",
  status: { code: "in_process", description: "En trámite", color: "#1D4ED8" },
  read_only: false,
  header: [],
  association: null,
};

/** A document requested in a chat: required, no file yet, any extension, unless `over` says otherwise. */
export const chatDoc = (
  id: string,
  {
    description = `Doc ${id}`,
    validExtensions = [],
    ...over
  }: { description?: string; validExtensions?: string[]; [field: string]: unknown } = {},
) => ({
  id,
  spec: { id, code: id, description, validExtensions, tDocumento: null, form: null },
  file: null,
  isRequired: true,
  status: "requested",
  reason: null,
  ...over,
});

/** One event of a chat's conversation: the operator's, without a message or documents, unless `over` says otherwise. */
export const chatEvent = (id: string, type: string, over: Record<string, unknown> = {}) => ({
  id,
  type,
  author: "operator",
  message: null,
  description: null,
  createdAt: "2026-01-05T12:00:00.000Z",
  commiter: { cn: "OP" },
  documents: [],
  ...over,
});

/**
 * The open chat of the citizen's instance i-1 of procedure 102 ('Certificado de discapacidad'), as
 * `GET /api/v4/instances/:id/interactive/citizen` answers it: `documents` requested of the citizen
 * (none unless given), `over` for anything else.
 */
export const chatOf = ({ documents = [] as unknown[], ...over }: { documents?: unknown[]; [field: string]: unknown } = {}) => ({
  procedureId: 102,
  procedureDescription: "Certificado de discapacidad",
  first: false,
  draft: false,
  instanceId: "i-1",
  events: [] as unknown[],
  current: { documents, open: true, state: null },
  ...over,
});

/** A communication of the citizen's inbox, unread, without files, unless `over` says otherwise. */
export const communication = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  subject: `Asunto ${code}`,
  client: "Dirección de Rentas",
  type: { id: "aviso", text: "Aviso" },
  created_at: "2026-01-02T10:00:00.000Z",
  seen_date: null,
  archived: false,
  files: [] as unknown[],
  ...over,
});
