/**
 * A backend written from the portal specification alone (sections 3, 4, 7 and 8), the way a
 * province's integrator would write one: every call of section 7 and nothing else (any other
 * path answers 404), in-memory data for the demo citizens, and shape variants (shapes.ts) for the
 * choices the spec leaves open. It imports nothing from the portal or the reference backend.
 */
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { PDFDocument } from "pdf-lib";
import {
  createStore,
  fullName,
  newcomer,
  TABS,
  type ChatDocument,
  type ChatEvent,
  type Citizen,
  type Communication,
  type Instance,
  type Store,
} from "./data";
import { documentPdf, PAGES_PER_DOCUMENT } from "./pdf";
import { shapeFor, writers, type Shape } from "./shapes";
import { tokenVerifier } from "./auth";

export type SpecBackendOptions = {
  variant?: string;
  /** the identity provider whose tokens the portal forwards */
  issuer: string;
  /** when set, tokens must carry this audience */
  audience?: string;
  /** the configuration's logout_url */
  logoutUrl: string;
  /** where a call without a valid token is sent (the 303's location) */
  loginUrl?: string;
  /** log every path answered 404, and every call refused, to stderr (method and path, cuils masked) */
  logMisses?: boolean;
};

const MAX_UPLOAD = 50 * 1024 * 1024;
const CONTACT_SITE = "https://ciudadano.provincia.gob.ar/perfil";

class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}
const fail = (status: number, message: string): never => {
  throw new HttpError(status, message);
};

const sameId = (a: unknown, b: number) => a !== undefined && a !== null && String(a) === String(b);
const truthy = (v: unknown) => v === true || v === 1 || v === "1" || v === "true";

export async function buildSpecBackend(options: SpecBackendOptions): Promise<{ app: FastifyInstance; store: Store; shape: Shape }> {
  const shape = shapeFor(options.variant);
  const w = writers(shape);
  const store = createStore();
  const verify = tokenVerifier({ issuer: options.issuer, audience: options.audience });
  const owners = new Map<number, string>();
  // Every seeded file belongs to the first demo citizen.
  for (const id of store.files.keys()) owners.set(id, "27293847563");

  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true }, bodyLimit: 1024 * 1024 });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD, files: 1, fields: 10 } });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    if (error instanceof HttpError) {
      // What the portal asked that this backend refused, and why (cuils masked).
      if (options.logMisses)
        process.stderr.write(
          `[spec-backend] ${error.status} ${req.method} ${req.url.replace(/\d{11}/g, "{cuil}").split("?")[0]}: ${error.message}\n`,
        );
      return reply.code(error.status).send({ success: false, message: error.message });
    }
    if (error.code === "FST_REQ_FILE_TOO_LARGE" || error.statusCode === 413)
      return reply.code(413).send({ success: false, message: "Payload Too Large" });
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) process.stderr.write(`[spec-backend] ${error.stack ?? error.message}\n`);
    return reply.code(status).send({ success: false, message: status === 500 ? "Internal Server Error" : error.message });
  });
  app.setNotFoundHandler((req, reply) => {
    if (options.logMisses) process.stderr.write(`[spec-backend] 404 ${req.method} ${req.url.replace(/\d{11}/g, "{cuil}").split("?")[0]}\n`);
    return reply.code(404).send({ success: false, message: "Not Found" });
  });

  app.get("/health", async () => ({ ok: true, variant: shape.name }));
  // ---- the citizen of a call ------------------------------------------------------------
  const citizenByRequest = new WeakMap<FastifyRequest, Citizen>();
  app.addHook("onRequest", async (req, reply) => {
    if (!req.url.startsWith("/api/")) return;
    const claims = await verify(req.headers.authorization);
    if (!claims) {
      // Spec section 7: a 303 with the location to go to in the body.
      return reply.code(303).send({ location: options.loginUrl ?? options.issuer });
    }
    let citizen = store.citizens.get(claims.sub);
    if (!citizen) {
      citizen = newcomer(claims.sub, typeof claims.name === "string" ? claims.name : undefined);
      store.citizens.set(citizen.cuil, citizen);
    }
    citizenByRequest.set(req, citizen);
  });
  const who = (req: FastifyRequest) => citizenByRequest.get(req) ?? fail(401, "Unauthorized");
  /** Digital domicile calls: User-ID must be the citizen's cuil, and so must a cuil in the path (spec section 6). */
  const digital = (req: FastifyRequest, pathCuil?: string) => {
    const citizen = who(req);
    if (req.headers["user-id"] !== citizen.cuil) fail(403, "User-ID does not match the signed-in citizen");
    if (pathCuil !== undefined && pathCuil !== citizen.cuil) fail(403, "cuil does not match the signed-in citizen");
    return citizen;
  };

  // ---- writers --------------------------------------------------------------------------
  const telephone = (c: Citizen) => {
    const phone = c.phone ?? c.phones[0];
    return phone ? `+54 9 ${phone.code} ${phone.number}` : null;
  };
  const user = (c: Citizen) => ({
    cn: fullName(c),
    email: c.email ?? c.emails[0] ?? null,
    cuil: shape.numericIds ? Number(c.cuil) : c.cuil,
    uid: c.cuil,
    telephone_number: telephone(c),
  });
  const instanceOut = (i: Instance) => ({
    id: w.id(i.id),
    title: i.title,
    description: i.description,
    payloadDescriptions: i.payloadDescriptions,
    createdAt: i.createdAt,
    arrivedOn: i.arrivedOn,
    type: w.type(i.type),
    currentState: i.currentState,
    buttons: i.buttons,
    hasAlert: w.flag(i.hasAlert),
    ...(i.association_type ? { association_type: i.association_type } : {}),
  });
  const catalogueById = (id: unknown) => store.catalogue.find((c) => sameId(id, c.id));
  const parents = (id: number | null) => {
    const chain: { id: number | string; description: string }[] = [];
    for (let p = catalogueById(id); p; p = p.parentId === null ? undefined : catalogueById(p.parentId))
      chain.unshift({ id: w.id(p.id), description: p.description });
    return chain;
  };
  const catalogueOut = (c: Store["catalogue"][number]) => ({
    id: w.id(c.id),
    description: c.description,
    type: w.type(c.type),
    isParent: w.flag(c.isParent),
    highlighted: w.flag(c.highlighted),
    parentId: c.parentId === null ? null : w.id(c.parentId),
    parents: parents(c.parentId),
  });
  const documentOut = (d: ChatDocument) => ({
    spec: {
      id: w.id(d.specId),
      code: d.code,
      description: d.description,
      validExtensions: d.validExtensions,
      tDocumento: d.tDocumento,
      ...(d.formId !== undefined ? { form: { id: w.id(d.formId) } } : {}),
    },
    ...(d.file ? { file: { id: w.id(d.file.id), name: d.file.name } } : {}),
    isRequired: w.flag(d.isRequired),
    ...(d.reason ? { reason: d.reason } : {}),
  });
  const eventOut = (e: ChatEvent) => ({
    type: e.type,
    ...(e.author ? { author: e.author } : {}),
    ...(e.message !== undefined ? { message: e.message } : {}),
    ...(e.description !== undefined ? { description: e.description } : {}),
    createdAt: e.createdAt,
    ...(e.commiter ? { commiter: { cn: e.commiter } } : {}),
    ...(e.documents ? { documents: e.documents.map(documentOut) } : {}),
  });
  const chatOut = (chat: {
    procedureId: number;
    procedureDescription: string;
    first: boolean;
    draft: boolean;
    instanceId: number | null;
    events: ChatEvent[];
    state?: Instance["currentState"];
  }) => ({
    procedureId: w.id(chat.procedureId),
    procedureDescription: chat.procedureDescription,
    first: w.flag(chat.first),
    events: chat.events.map(eventOut),
    instanceId: chat.instanceId === null ? null : w.id(chat.instanceId),
    draft: w.flag(chat.draft),
    ...(shape.chatCurrent && chat.state ? { current: { text: chat.state.text, color: chat.state.color } } : {}),
  });
  const instanceChat = (i: Instance) =>
    chatOut({
      procedureId: i.procedureId,
      procedureDescription: catalogueById(i.procedureId)?.description ?? i.title,
      first: false,
      draft: i.draft,
      instanceId: i.id,
      events: i.toSend.length
        ? [
            ...i.events,
            {
              type: "toSendDocuments",
              author: "user",
              description: "Documentos para enviar",
              createdAt: new Date().toISOString(),
              documents: i.toSend,
            },
          ]
        : i.events,
      state: i.currentState,
    });
  const communicationOut = (c: Communication, citizen: Citizen) => ({
    code: w.id(c.code),
    subject: c.subject,
    client: c.client,
    type: store.communicationTypes.find((t) => t.id === c.type)?.text ?? "",
    created_at: c.created_at,
    seen_date: c.seen_date,
    date_notified: c.date_notified,
    message: c.message,
    archived: w.flag(c.archived),
    files: c.files.map((f) => ({ id: w.id(f.id), file_name: f.file_name, downloaded: w.flag(f.downloaded) })),
    sequence: c.sequence,
    year: c.year,
    recipient: fullName(citizen),
  });

  // ---- look-ups scoped to the citizen -------------------------------------------------------
  const ownInstance = (req: FastifyRequest, id: string, module?: Instance["module"]) => {
    const citizen = who(req);
    const found = store.instances.find((i) => sameId(id, i.id) && i.cuil === citizen.cuil && (!module || i.module === module));
    return found ?? fail(404, "Not Found");
  };
  const ownRecord = (req: FastifyRequest, id: string) => {
    const instance = ownInstance(req, id, "records");
    return { instance, record: instance.record ?? fail(404, "Not Found") };
  };
  const ownCommunication = (req: FastifyRequest, code: string) => {
    const citizen = digital(req);
    const found = store.communications.find((c) => sameId(code, c.code) && c.cuil === citizen.cuil);
    return { citizen, communication: found ?? fail(404, "Not Found") };
  };
  const ownFile = (req: FastifyRequest, id: string) => {
    const citizen = who(req);
    const fileId = Number(id);
    const file = /^\d+$/.test(id) && owners.get(fileId) === citizen.cuil ? store.files.get(fileId) : undefined;
    return { fileId, file: file ?? fail(404, "Not Found") };
  };
  const body = (req: FastifyRequest) => (req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {});

  const now = () => new Date().toISOString();
  const sameDay = (a: string, b: string) => a.slice(0, 10) === b.slice(0, 10);
  const push = (i: Instance, event: ChatEvent) => {
    const last = [...i.events].reverse().find((e) => e.type !== "dateSeparator");
    if (!last || !sameDay(last.createdAt, event.createdAt)) i.events.push({ type: "dateSeparator", createdAt: event.createdAt });
    i.events.push(event);
    i.arrivedOn = event.createdAt;
  };
  /** Requested documents not yet sent (a later uploaded/received/approved event names them). */
  const outstanding = (i: Instance) => {
    const open = new Map<number, ChatDocument>();
    for (const e of i.events) {
      if (e.type === "requestedDocuments") for (const d of e.documents ?? []) open.set(d.specId, d);
      if (e.type === "uploadedDocuments" || e.type === "receivedDocuments" || e.type === "approvedDocuments")
        for (const d of e.documents ?? []) open.delete(d.specId);
    }
    return [...open.values()];
  };
  const missingRequired = (i: Instance) => outstanding(i).some((d) => d.isRequired && !i.toSend.some((t) => t.specId === d.specId));

  // ---- common and procedures --------------------------------------------------------------
  app.get("/api/security/user/get_roles", async (req) => ({ data: { data: user(who(req)) } }));

  app.get("/api/v4/instances/config", async (req) => {
    const citizen = who(req);
    const tab = (module: "procedures" | "records", t: { code: string; description: string; color: string }) => ({
      code: t.code,
      description: t.description,
      count:
        shape.tabCount === "flag"
          ? w.flag(true)
          : store.instances.filter((i) => i.cuil === citizen.cuil && i.module === module && i.tab === t.code).length,
      color: t.color,
    });
    return {
      logout_url: options.logoutUrl,
      modules: [
        {
          id: "procedures",
          enabled: w.flag(true),
          pageSize: 10,
          tabs: TABS.procedures.map((t) => tab("procedures", t)),
          newButton: w.flag(true),
        },
        { id: "records", enabled: w.flag(true), pageSize: 10, tabs: TABS.records.map((t) => tab("records", t)), newButton: w.flag(false) },
        { id: "digital", enabled: w.flag(true), pageSize: 10, tabs: [], newButton: w.flag(false) },
      ],
    };
  });

  const moduleOfTab = (tab: string) =>
    TABS.procedures.some((t) => t.code === tab)
      ? "procedures"
      : TABS.records.some((t) => t.code === tab)
        ? "records"
        : fail(404, "Not Found");

  app.get<{ Params: { tab: string } }>("/api/v4/instances/count/:tab", async (req) => {
    const citizen = who(req);
    const module = moduleOfTab(req.params.tab);
    return { count: store.instances.filter((i) => i.cuil === citizen.cuil && i.module === module && i.tab === req.params.tab).length };
  });

  app.get<{ Params: { tab: string }; Querystring: Record<string, string | undefined> }>("/api/v4/instances/:tab", async (req) => {
    const citizen = who(req);
    const module = moduleOfTab(req.params.tab);
    const q = req.query;
    const term = (q.searchTerm ?? "").trim().toLowerCase();
    let list = store.instances.filter((i) => i.cuil === citizen.cuil && i.module === module && i.tab === req.params.tab);
    if (term)
      list = list.filter((i) =>
        [i.title, ...i.description, ...i.payloadDescriptions.map((p) => p.value)].some((t) => t.toLowerCase().includes(term)),
      );
    if (q.since) list = list.filter((i) => i.createdAt.slice(0, 10) >= q.since!.slice(0, 10));
    if (q.until) list = list.filter((i) => i.createdAt.slice(0, 10) <= q.until!.slice(0, 10));
    const sort = q.sort || "-createdAt";
    const key = sort.replace(/^[+-]/, "") === "arrivedOn" ? "arrivedOn" : "createdAt";
    const direction = sort.startsWith("-") ? -1 : 1;
    list = [...list].sort((a, b) => direction * a[key].localeCompare(b[key]) || b.id - a.id);
    const pageSize = 10;
    const lastPage = Math.max(1, Math.ceil(list.length / pageSize));
    const page = Math.min(Math.max(1, Number.parseInt(q.pageNumber ?? "1", 10) || 1), lastPage);
    return { instances: list.slice((page - 1) * pageSize, page * pageSize).map(instanceOut), last_page: lastPage };
  });

  app.get<{ Params: { id: string } }>("/api/v4/instances/history/:id", async (req) => ({
    result: ownInstance(req, req.params.id).history.map((h) => ({
      ...h,
      files: h.files.map((f) => ({ fileId: w.id(f.fileId), name: f.name })),
    })),
  }));

  app.get<{ Params: { id: string } }>("/api/v4/instances/:id/received_docs", async (req) => ({
    result: ownInstance(req, req.params.id).received.map((d) => ({ ...d, fileId: w.id(d.fileId) })),
  }));

  app.post<{ Params: { id: string } }>("/api/v4/instances/:id/discard", async (req) => {
    const citizen = who(req);
    const instance = ownInstance(req, req.params.id, "procedures");
    if (instance.tab === "finalizados") fail(400, "El trámite ya no está activo.");
    const message = body(req).message;
    if (message !== undefined && (typeof message !== "string" || message.length > 1000)) fail(400, "message");
    instance.tab = "finalizados";
    instance.currentState = { text: "Cancelado", color: "#B91C1C" };
    instance.buttons = instance.buttons.filter((b) => b !== "edit" && b !== "discard");
    instance.history.push({
      cn: fullName(citizen),
      excutedOn: now(),
      action: "Trámite cancelado",
      comment: typeof message === "string" ? message : "",
      files: [],
    });
    return { success: true };
  });

  app.get<{ Params: { id: string } }>("/api/v4/filemanager/:id/redirectRecord", async (req) => {
    const instance = ownInstance(req, req.params.id, "procedures");
    if (instance.recordId === undefined) fail(404, "Not Found");
    return { result: { id: w.id(instance.recordId!) } };
  });

  app.get<{ Querystring: { filter?: string; parentId?: string } }>("/api/v4/procedures", async (req) => {
    who(req);
    const { filter, parentId } = req.query;
    const fold = (s: string) =>
      s
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase();
    let items;
    if (filter !== undefined && filter.trim() !== "")
      items = store.catalogue.filter((c) => !c.isParent && fold(c.description).includes(fold(filter.trim())));
    else if (parentId !== undefined && parentId !== "") {
      if (!catalogueById(parentId)) fail(404, "Not Found");
      items = store.catalogue.filter((c) => c.parentId !== null && sameId(parentId, c.parentId));
    } else items = store.catalogue.filter((c) => c.parentId === null);
    return { result: items.map(catalogueOut) };
  });

  const leaf = (id: string) => {
    const item = catalogueById(id);
    return item && !item.isParent ? item : fail(404, "Not Found");
  };

  app.get<{ Params: { id: string } }>("/api/v4/procedures/:id/docs_table", async (req) => {
    const citizen = who(req);
    const item = leaf(req.params.id);
    const started = store.instances.filter(
      (i) => i.cuil === citizen.cuil && i.module === "procedures" && i.procedureId === item.id && i.tab !== "finalizados",
    );
    return w.envelope({
      procedureDescription: item.description,
      procedureExplanation: item.explanation ?? "",
      procedureInformationUrl: item.informationUrl ?? null,
      procedureAcceptedTerms: w.flag(false),
      enabledProcedureAcceptedTerms: w.flag(Boolean(item.terms)),
      acceptedTermsDescription: item.terms
        ? "Declaro bajo juramento que los datos consignados son correctos y completos, y que conozco las sanciones por falsedad."
        : "",
      instances: started.map((i) => ({
        link: w.id(i.id),
        procedureDescription: item.description,
        cn: fullName(citizen),
        createdAt: i.createdAt,
        dashboard: i.currentState.text,
        completable: w.flag(i.type === "interactive" && i.buttons.includes("edit")),
      })),
      citizenData: user(citizen),
      initialDocuments: (item.documents ?? []).map((d) => ({ description: d.description, required: w.flag(d.required) })),
      procedureCode: `PROC-${item.id}`,
      procedureRequirements: item.requirements ?? [],
      redirectionUrl: null,
    });
  });

  const formDocument = (formId: number, description: string): ChatDocument => ({
    specId: 900 + formId,
    code: "FORM",
    description,
    validExtensions: [],
    tDocumento: "FORMULARIO",
    formId,
    isRequired: true,
  });
  const firstEvents = (item: Store["catalogue"][number]): ChatEvent[] => {
    const at = now();
    const events: ChatEvent[] = [
      { type: "dateSeparator", createdAt: at },
      {
        type: "start",
        author: "operator",
        message: `Hola, contanos en qué podemos ayudarte con ${item.description}.`,
        createdAt: at,
        commiter: "Atención Virtual",
      },
    ];
    if (item.form)
      events.push({
        type: "requestedDocuments",
        author: "operator",
        description: "Documentos solicitados",
        createdAt: at,
        commiter: "Atención Virtual",
        documents: [formDocument(item.form.id, item.form.name)],
      });
    return events;
  };

  app.get<{ Params: { id: string } }>("/api/v4/procedures/:id/forms/first", async (req) => {
    who(req);
    const item = leaf(req.params.id);
    return {
      result: chatOut({
        procedureId: item.id,
        procedureDescription: item.description,
        first: true,
        draft: true,
        instanceId: null,
        events: firstEvents(item),
      }),
      data: { spec: { header: { name: item.form?.name ?? item.description } } },
    };
  });

  app.get<{ Params: { id: string } }>("/api/v4/instances/:id/interactive/citizen", async (req) => ({
    result: instanceChat(ownInstance(req, req.params.id, "procedures")),
  }));
  app.get<{ Params: { id: string } }>("/api/v4/instances/:id/interactive/previewChat", async (req) => ({
    result: instanceChat(ownInstance(req, req.params.id, "procedures")),
  }));

  app.post("/api/fs/raw/bucket", async (req) => {
    const citizen = who(req);
    if (!req.isMultipart()) fail(400, "multipart expected");
    const fields: Record<string, string> = {};
    let upload: { name: string; mime: string; bytes: Uint8Array } | undefined;
    for await (const part of req.parts()) {
      if (part.type === "file") {
        const bytes = await part.toBuffer(); // throws past the 50 MB limit: 413
        upload = { name: part.filename, mime: part.mimetype, bytes };
      } else fields[part.fieldname] = String(part.value);
    }
    if (!upload || upload.bytes.length === 0) fail(400, "file expected");
    const id = store.nextId();
    store.files.set(id, { name: fields.filename || upload!.name, mime: upload!.mime, bytes: upload!.bytes });
    owners.set(id, citizen.cuil);
    return { result: w.id(id) };
  });

  const messageOf = (data: unknown) =>
    typeof data === "string"
      ? data
      : data && typeof data === "object"
        ? ((data as Record<string, unknown>).message ?? (data as Record<string, unknown>).text)
        : undefined;
  const dig = (value: unknown, ...path: string[]) =>
    path.reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), value);
  const scalar = (v: unknown) => (typeof v === "string" || typeof v === "number" ? v : undefined);
  const specIdOf = (data: unknown) =>
    scalar(dig(data, "document")) ??
    dig(data, "document", "spec", "id") ??
    dig(data, "spec", "id") ??
    dig(data, "document", "specId") ??
    dig(data, "specId") ??
    dig(data, "id");
  const fileIdOf = (data: unknown) =>
    dig(data, "document", "file", "id") ?? dig(data, "file", "id") ?? dig(data, "document", "fileId") ?? dig(data, "fileId");

  const createInstance = (citizen: Citizen, item: Store["catalogue"][number], type: Instance["type"], events: ChatEvent[]): Instance => {
    const at = now();
    const instance: Instance = {
      id: store.nextId(),
      cuil: citizen.cuil,
      module: "procedures",
      tab: "en_curso",
      procedureId: item.id,
      title: item.description,
      description: [`Iniciado el ${at.slice(0, 10)}`],
      payloadDescriptions: [],
      createdAt: at,
      arrivedOn: at,
      type,
      currentState: { text: "Iniciado", color: "#1D4ED8" },
      buttons: type === "interactive" ? ["edit", "history", "attachments", "discard", "preview"] : ["history"],
      hasAlert: false,
      draft: false,
      events,
      toSend: [],
      history: [{ cn: fullName(citizen), excutedOn: at, action: "Inicio del trámite", comment: "", files: [] }],
      received: [],
      formData: {},
    };
    store.instances.push(instance);
    return instance;
  };

  app.put<{ Params: { id: string } }>("/api/v4/instances/:id/interactive/generic", async (req) => {
    const citizen = who(req);
    const b = body(req);
    const action = b.action;
    if (action !== "text" && action !== "toSendDocument") fail(400, "action must be text or toSendDocument");
    if (req.params.id === "DRAFT") {
      const item = leaf(String(b.procedureId ?? ""));
      if (item.terms && !truthy(b.procedureAcceptedTerms)) fail(400, "Debe aceptar los términos y condiciones.");
      const message = messageOf(b.data);
      if (action !== "text" || typeof message !== "string" || message.trim() === "" || message.length > 1000) fail(400, "message");
      const instance = createInstance(citizen, item, "interactive", firstEvents(item));
      push(instance, { type: "text", author: "user", message: message as string, createdAt: now(), commiter: fullName(citizen) });
      return { success: true, result: { instanceId: w.id(instance.id) } };
    }
    const instance = ownInstance(req, req.params.id, "procedures");
    if (instance.tab === "finalizados") fail(400, "El trámite ya no está activo.");
    if (action === "text") {
      const message = messageOf(b.data);
      if (typeof message !== "string" || message.trim() === "" || message.length > 1000) fail(400, "message");
      if (missingRequired(instance)) fail(400, "REQUIRED_FILES_NOT_UPLOADED");
      push(instance, { type: "text", author: "user", message: message as string, createdAt: now(), commiter: fullName(citizen) });
    } else {
      const requested = outstanding(instance).find((d) => sameId(specIdOf(b.data), d.specId)) ?? fail(400, "unknown requested document");
      const fileId = fileIdOf(b.data);
      const stored = fileId !== undefined && owners.get(Number(fileId)) === citizen.cuil ? store.files.get(Number(fileId)) : undefined;
      if (!stored) fail(400, "unknown file");
      instance.toSend = [
        ...instance.toSend.filter((d) => d.specId !== requested.specId),
        { ...requested, file: { id: Number(fileId), name: stored!.name } },
      ];
    }
    return { success: true, result: instanceChat(instance) };
  });

  app.put<{ Params: { id: string } }>("/api/v4/instances/:id/interactive/citizen/update", async (req) => {
    const citizen = who(req);
    const instance = ownInstance(req, req.params.id, "procedures");
    if (!truthy(body(req).force)) fail(400, "force expected");
    if (missingRequired(instance)) fail(400, "REQUIRED_FILES_NOT_UPLOADED");
    if (instance.toSend.length) {
      const at = now();
      push(instance, {
        type: "uploadedDocuments",
        author: "user",
        description: "Documentos enviados",
        createdAt: at,
        commiter: fullName(citizen),
        documents: instance.toSend,
      });
      for (const d of instance.toSend)
        instance.received.push({ createdAt: at, fileName: d.file!.name, fileId: d.file!.id, status: "received" });
      instance.toSend = [];
    }
    instance.currentState = { text: "En revisión", color: "#1D4ED8" };
    return { success: true };
  });

  app.post<{ Params: { id: string } }>("/api/v4/instances/:id/interactive/discardToSendDocument", async (req) => {
    const instance = ownInstance(req, req.params.id, "procedures");
    const data = body(req).data;
    const specId = specIdOf(data);
    const before = instance.toSend.length;
    instance.toSend = instance.toSend.filter((d) => !sameId(specId, d.specId));
    if (instance.toSend.length === before) fail(400, "unknown document");
    return { success: true, result: instanceChat(instance) };
  });

  const formSpec = (form: { id: number; name: string; description: string }) => ({
    id: w.id(form.id),
    description: form.description,
    header: { name: form.name },
    components: [
      { type: "textfield", key: "nombre", label: "Nombre y apellido", validate: { required: true } },
      {
        type: "select",
        key: "vacuna",
        label: "Vacuna",
        data: { values: ["Antigripal", "COVID-19", "Hepatitis B"].map((v) => ({ label: v, value: v })) },
        validate: { required: true },
      },
      { type: "textarea", key: "observaciones", label: "Observaciones" },
    ],
  });
  const formOf = (formId: string) => {
    const item = store.catalogue.find((c) => c.form && sameId(formId, c.form.id));
    return item?.form ? { item, form: item.form } : fail(404, "Not Found");
  };
  const formDataOf = (b: Record<string, unknown>) => {
    const data = b.formData ?? b.data;
    if (!data || typeof data !== "object" || Array.isArray(data)) fail(400, "formData expected");
    return data as Record<string, unknown>;
  };

  app.get<{ Params: { procedureId: string; instanceId: string; formId: string } }>(
    "/api/v4/instances/:procedureId/:instanceId/forms/:formId/formData",
    async (req) => {
      who(req);
      const { form } = formOf(req.params.formId);
      const saved =
        req.params.instanceId === "DRAFT" ? {} : (ownInstance(req, req.params.instanceId, "procedures").formData[form.id] ?? {});
      return { result: { data: saved, spec: formSpec(form) } };
    },
  );

  app.put<{ Params: { instanceId: string; formId: string }; Querystring: { procedureId?: string } }>(
    "/api/v4/instances/:instanceId/forms/:formId",
    async (req) => {
      const citizen = who(req);
      const b = body(req);
      const { item, form } = formOf(req.params.formId);
      const data = formDataOf(b);
      if (b.submitType !== undefined && b.submitType !== "FINAL") fail(400, "submitType");
      if (req.params.instanceId === "DRAFT") {
        const procedure = leaf(String(req.query.procedureId ?? item.id));
        if (procedure.terms && !truthy(b.procedureAcceptedTerms)) fail(400, "Debe aceptar los términos y condiciones.");
        const instance = createInstance(citizen, procedure, procedure.type, procedure.type === "form" ? [] : firstEvents(procedure));
        instance.formData[form.id] = data;
        return { success: true, result: { instanceId: w.id(instance.id) } };
      }
      const instance = ownInstance(req, req.params.instanceId, "procedures");
      instance.formData[form.id] = data;
      instance.arrivedOn = now();
      return { success: true, result: { instanceId: w.id(instance.id) } };
    },
  );

  app.post("/api/v4/instances", async (req) => {
    const citizen = who(req);
    const b = body(req);
    const item = leaf(String(b.procedureId ?? ""));
    if (!item.form) fail(400, "not a form procedure");
    const instance = createInstance(citizen, item, "form", []);
    instance.formData[item.form!.id] = formDataOf(b);
    instance.currentState = { text: "Recibido", color: "#15803D" };
    return { success: true, result: { instanceId: w.id(instance.id) } };
  });

  // ---- files ----------------------------------------------------------------------------
  async function sendFile(reply: FastifyReply, file: { name: string; mime: string; bytes?: Uint8Array }) {
    const bytes = file.bytes ?? (await documentPdf(file.name));
    const mime = file.bytes ? file.mime : "application/pdf";
    return reply
      .type(mime)
      .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .send(Buffer.from(bytes));
  }
  app.get<{ Params: { name: string; id: string } }>("/api/fs/bucket/:name/:id", async (req, reply) => {
    const { file } = ownFile(req, req.params.id);
    return sendFile(reply, file);
  });
  const pageCount = async (file: { mime: string; bytes?: Uint8Array }) => {
    if (!file.bytes) return PAGES_PER_DOCUMENT;
    if (file.mime !== "application/pdf") return 1;
    return (await PDFDocument.load(file.bytes, { ignoreEncryption: true })).getPageCount();
  };
  app.get<{ Params: { id: string } }>("/api/fs/viewer/getPageCount/:id", async (req) => {
    const { file } = ownFile(req, req.params.id);
    const count = await pageCount(file);
    return shape.pageCount === "bare" ? count : { result: count };
  });
  app.get<{ Params: { id: string; page: string } }>("/api/fs/viewer/getPageAsPdf/:id/:page", async (req, reply) => {
    const { file } = ownFile(req, req.params.id);
    const page = Number(req.params.page);
    const count = await pageCount(file);
    if (!Number.isInteger(page) || page < 1 || page > count) fail(404, "Not Found");
    let bytes: Uint8Array;
    if (file.bytes && file.mime === "application/pdf") {
      const source = await PDFDocument.load(file.bytes, { ignoreEncryption: true });
      const single = await PDFDocument.create();
      const [copied] = await single.copyPages(source, [page - 1]);
      single.addPage(copied!);
      bytes = await single.save();
    } else bytes = await documentPdf(file.name, file.bytes ? 1 : PAGES_PER_DOCUMENT, page);
    return reply.type("application/pdf").send(Buffer.from(bytes));
  });

  // ---- digital domicile -------------------------------------------------------------------
  const contact = (c: Citizen) => {
    const emails = c.email ? [c.email, ...c.emails.filter((e) => e !== c.email)] : c.emails;
    const phones = c.phone ? [c.phone, ...c.phones.filter((p) => p.code !== c.phone!.code || p.number !== c.phone!.number)] : c.phones;
    return {
      user_id: shape.numericIds ? Number(c.cuil) : c.cuil,
      first_name: c.givenName,
      last_name: c.familyName,
      emails,
      phones,
      hrefIdCiudadana: CONTACT_SITE,
    };
  };
  app.get<{ Params: { cuil: string } }>("/api/dd/v1/users/get_contact_info/:cuil", async (req) =>
    w.envelope(contact(digital(req, req.params.cuil))),
  );
  app.get<{ Params: { cuil: string } }>("/api/dd/v1/users/get-user-self-da/:cuil", async (req) => {
    const citizen = digital(req, req.params.cuil);
    // Spec section 4: a 400 answer means not adhered.
    if (!citizen.adhered) fail(400, "El usuario no se encuentra adherido al domicilio digital.");
    return w.envelope({ userHasAdhesion: w.flag(true) });
  });
  const legal = (title: string, c: Citizen) =>
    `<h2>${title}</h2><p>Para el CUIL ${c.cuil}: el Domicilio Digital es el canal de comunicación oficial de la provincia.</p>` +
    `<ul><li>Las comunicaciones tienen <strong>valor legal</strong>.</li><li>Podés cambiar tus datos de contacto en cualquier momento.</li></ul>` +
    `<script>window.__specBackendInjected = true</script>`;
  const legalAnswer = (reply: FastifyReply, html: string) => {
    if (shape.legalText === "html") return reply.type("text/html; charset=utf-8").send(html);
    return reply.send(shape.legalText === "json-data" ? { data: html } : { result: html });
  };
  app.get("/api/dd/v1/users/get_terms", async (req, reply) =>
    legalAnswer(reply, legal("Términos y condiciones del Domicilio Digital", digital(req))),
  );
  app.get("/api/dd/v1/users/get_policies", async (req, reply) =>
    legalAnswer(reply, legal("Política de privacidad del Domicilio Digital", digital(req))),
  );

  const emailOf = (citizen: Citizen, value: unknown) => {
    if (typeof value !== "string" || !/^[^\s@]+@[^\s@]+$/.test(value) || value.length > 254) fail(400, "email");
    return value as string;
  };
  const phoneOf = (value: unknown) => {
    if (value === undefined || value === null || value === "") return undefined;
    if (
      typeof value === "object" &&
      typeof (value as { code?: unknown }).code === "string" &&
      typeof (value as { number?: unknown }).number === "string"
    )
      return { code: (value as { code: string }).code, number: (value as { number: string }).number };
    if (typeof value === "string") {
      const [code = "", ...rest] = value.replace(/^\+?54\s*9?\s*/, "").split(/\s+/);
      return { code, number: rest.join("") };
    }
    return fail(400, "phone");
  };
  const checkUserId = (citizen: Citizen, value: unknown) => {
    if (value !== undefined && String(value) !== citizen.cuil) fail(403, "user_id does not match the signed-in citizen");
  };
  app.post("/api/dd/v1/users/enroll", async (req) => {
    const citizen = digital(req);
    const b = body(req);
    checkUserId(citizen, b.user_id);
    citizen.email = emailOf(citizen, b.email);
    citizen.phone = phoneOf(b.phone);
    if (!citizen.emails.includes(citizen.email)) citizen.emails.push(citizen.email);
    citizen.adhered = true;
    return { success: true };
  });
  app.put("/api/dd/v1/users/set-self-da", async (req) => {
    const citizen = digital(req);
    if (!citizen.adhered) fail(400, "El usuario no se encuentra adherido al domicilio digital.");
    const b = body(req);
    checkUserId(citizen, b.user_id);
    citizen.email = emailOf(citizen, b.email);
    citizen.phone = phoneOf(b.phone);
    if (!citizen.emails.includes(citizen.email)) citizen.emails.push(citizen.email);
    return { success: true };
  });

  const seen = (c: Communication, citizen: Citizen) => {
    if (c.seen_date) return;
    c.seen_date = now();
    c.history.push({ description: "Comunicación leída", date: c.seen_date, user: fullName(citizen) });
  };
  app.get<{ Params: { code: string } }>("/api/dd/v1/communications/get_one/:code", async (req) => {
    const { citizen, communication } = ownCommunication(req, req.params.code);
    seen(communication, citizen);
    return { communication: communicationOut(communication, citizen) };
  });
  app.get<{ Params: { cuil: string }; Querystring: Record<string, string | undefined> }>(
    "/api/dd/v1/communications/inbox/:cuil",
    async (req) => {
      const citizen = digital(req, req.params.cuil);
      const q = req.query;
      const bool = (v: string | undefined) => (v === undefined || v === "" ? undefined : v === "true" || v === "1");
      const archived = bool(q.archived) ?? false;
      const date = (c: Communication) => (q.selected === "notify" ? c.date_notified : c.created_at).slice(0, 10);
      let list = store.communications.filter((c) => c.cuil === citizen.cuil && c.archived === archived);
      if (q.search?.trim()) list = list.filter((c) => c.subject.toLowerCase().includes(q.search!.trim().toLowerCase()));
      if (q.client?.trim()) list = list.filter((c) => c.client.toLowerCase().includes(q.client!.trim().toLowerCase()));
      if (q.type?.trim()) {
        const wanted = q.type.split(",").map((t) => t.trim());
        list = list.filter((c) => wanted.some((t) => sameId(t, c.type)));
      }
      if (q.created_since) list = list.filter((c) => date(c) >= q.created_since!.slice(0, 10));
      if (q.created_until) list = list.filter((c) => date(c) <= q.created_until!.slice(0, 10));
      if (q.seen_since) list = list.filter((c) => c.seen_date && c.seen_date.slice(0, 10) >= q.seen_since!.slice(0, 10));
      if (q.seen_until) list = list.filter((c) => c.seen_date && c.seen_date.slice(0, 10) <= q.seen_until!.slice(0, 10));
      const total = list.length;
      const unseen = list.filter((c) => !c.seen_date).length;
      const wantSeen = bool(q.seen);
      if (wantSeen !== undefined) list = list.filter((c) => Boolean(c.seen_date) === wantSeen);
      const order = q.order || "-created_at";
      const key = order.replace(/^[+-]/, "") as "created_at" | "subject" | "client" | "type" | "seen_date";
      if (!["created_at", "subject", "client", "type", "seen_date"].includes(key)) fail(400, "order");
      const direction = order.startsWith("-") ? -1 : 1;
      const value = (c: Communication) => String(key === "type" ? c.type : (c[key] ?? ""));
      list = [...list].sort((a, b) => direction * value(a).localeCompare(value(b)) || b.code - a.code);
      const pageSize = 10;
      const lastPage = Math.max(1, Math.ceil(list.length / pageSize));
      const page = Math.min(Math.max(1, Number.parseInt(q.page ?? "1", 10) || 1), lastPage);
      return {
        communications: list.slice((page - 1) * pageSize, page * pageSize).map((c) => communicationOut(c, citizen)),
        total,
        unseen,
        last_page: lastPage,
      };
    },
  );
  const codesOf = (req: FastifyRequest) => {
    const codes = body(req).communications;
    if (!Array.isArray(codes) || codes.length === 0 || codes.length > 100) fail(400, "communications expected");
    return (codes as unknown[]).map((code) => {
      if (typeof code !== "string" && typeof code !== "number") fail(400, "communications expected");
      return ownCommunication(req, String(code));
    });
  };
  app.put("/api/dd/v1/communications/archive", async (req) => {
    const found = codesOf(req);
    if (found.some(({ communication }) => communication.files.some((f) => !f.downloaded)))
      fail(400, "Los archivos de la comunicación no fueron descargados.");
    for (const { communication, citizen } of found) {
      communication.archived = true;
      communication.history.push({ description: "Comunicación archivada", date: now(), user: fullName(citizen) });
    }
    return { success: true };
  });
  app.put("/api/dd/v1/communications/recover", async (req) => {
    for (const { communication, citizen } of codesOf(req)) {
      communication.archived = false;
      communication.history.push({ description: "Comunicación recuperada", date: now(), user: fullName(citizen) });
    }
    return { success: true };
  });
  app.get<{ Params: { code: string } }>("/api/dd/v1/communications/get_history/:code", async (req) => ({
    history: ownCommunication(req, req.params.code).communication.history,
  }));
  app.get<{ Params: { code: string; fileId: string } }>("/api/dd/v1/communications/get_file/:code/:fileId", async (req, reply) => {
    const { citizen, communication } = ownCommunication(req, req.params.code);
    const entry = communication.files.find((f) => sameId(req.params.fileId, f.id)) ?? fail(404, "Not Found");
    entry.downloaded = true;
    seen(communication, citizen);
    communication.history.push({ description: `Archivo descargado: ${entry.file_name}`, date: now(), user: fullName(citizen) });
    return sendFile(reply, store.files.get(entry.id) ?? { name: entry.file_name, mime: "application/pdf" });
  });
  app.get("/api/dd/v1/communications/types/all", async (req) => {
    digital(req);
    const types = store.communicationTypes.map((t) => ({ id: w.id(t.id), text: t.text }));
    return shape.typesList === "array" ? types : shape.typesList === "data" ? { data: types } : { types };
  });

  // ---- records ----------------------------------------------------------------------------
  app.get<{ Params: { id: string } }>("/api/v4/filemanager/:id", async (req) => {
    const { record } = ownRecord(req, req.params.id);
    return {
      result: {
        code: record.code,
        status: record.status,
        read_only: w.flag(record.read_only),
        header: record.header,
        association: record.association
          ? {
              type: record.association.type,
              associated_instance: record.association.associated_instance.map((a) => ({ id: w.id(a.id), code: a.code })),
            }
          : null,
      },
    };
  });
  app.get<{ Params: { id: string } }>("/api/v4/filemanager/:id/incorporated", async (req) => ({
    documents: ownRecord(req, req.params.id).record.incorporated.map((d) => ({
      file: { name: d.fileName, signedFileId: w.id(d.signedFileId) },
      spec: { description: d.description, date: d.date, user: d.user },
      nroFolio: d.nroFolio,
      details: d.details,
    })),
  }));
  app.get<{ Params: { id: string } }>("/api/v4/filemanager/:id/sent", async (req) => ({
    documents: ownRecord(req, req.params.id).record.sent.map((d) => ({
      file: shape.sentFileIds ? { id: w.id(d.fileId), name: d.fileName } : { name: d.fileName },
      updated_at: d.updated_at,
      spec: { reference: d.reference },
      status: d.status,
      details: d.details,
    })),
  }));
  app.get<{ Params: { id: string } }>("/api/v4/filemanager/:id/pending", async (req) => ({
    documents: ownRecord(req, req.params.id).record.pending.map((d) => ({
      file: { id: w.id(d.fileId), name: d.fileName },
      spec: { id: w.id(d.specId), reference: d.reference },
    })),
  }));
  const writable = (req: FastifyRequest, id: string) => {
    const found = ownRecord(req, id);
    if (found.record.read_only) fail(403, "El expediente es de solo lectura.");
    return found;
  };
  app.post<{ Params: { id: string } }>("/api/v4/filemanager/:id/upload", async (req) => {
    const citizen = who(req);
    const { record } = writable(req, req.params.id);
    const files = body(req).files;
    if (!Array.isArray(files) || files.length === 0 || files.length > 20) fail(400, "files expected");
    const entries = (files as Record<string, unknown>[]).map((f) => {
      const fileId = Number(f?.fileId);
      if (!Number.isInteger(fileId) || owners.get(fileId) !== citizen.cuil) fail(400, "unknown file");
      const fileName = typeof f.fileName === "string" && f.fileName.trim() ? f.fileName.trim() : fail(400, "fileName");
      const reference = typeof f.reference === "string" && f.reference.trim() ? f.reference.trim() : fail(400, "reference");
      return {
        fileId,
        fileName: fileName as string,
        reference: reference as string,
        mime: typeof f.mime === "string" ? f.mime : "application/pdf",
      };
    });
    for (const e of entries) record.pending.push({ ...e, specId: store.nextId() });
    return { success: true };
  });
  app.delete<{ Params: { instanceId: string; id: string } }>("/api/v4/filemanager/:instanceId/discard/:id", async (req) => {
    const { record } = writable(req, req.params.instanceId);
    const index = record.pending.findIndex((d) => sameId(req.params.id, d.specId) || sameId(req.params.id, d.fileId));
    if (index < 0) fail(404, "Not Found");
    record.pending.splice(index, 1);
    return { success: true };
  });
  app.put<{ Params: { instanceId: string } }>("/api/v4/filemanager/:instanceId/send", async (req) => {
    const { record } = writable(req, req.params.instanceId);
    const documents = body(req).documents;
    if (!Array.isArray(documents) || documents.length === 0) fail(400, "documents expected");
    const ids = (documents as unknown[]).map((d) => (d && typeof d === "object" ? (dig(d, "spec", "id") ?? dig(d, "id")) : d));
    const chosen = ids.map((id) => record.pending.find((p) => sameId(id, p.specId)) ?? fail(400, "unknown pending document"));
    const at = now();
    for (const p of chosen) {
      record.pending = record.pending.filter((x) => x !== p);
      record.sent.unshift({
        fileId: p.fileId,
        fileName: p.fileName,
        updated_at: at,
        reference: p.reference,
        status: { code: "sent", description: "Enviado", color: "#1D4ED8" },
        details: [{ label: "Referencia", value: p.reference }],
      });
    }
    return { success: true };
  });

  return { app, store, shape };
}
