import { randomUUID } from "node:crypto";
import type { Citizen } from "./fixtures";

/**
 * The operator API of the running e2e stack, for tests that make their own data
 * (each test that changes something works on a citizen no other test touches).
 */
export const API_ORIGIN = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4100}`;
const TOKEN = process.env.OPERATOR_TOKEN ?? "dev-operator-token-change-me";
/** The purpose every call gives (decision 071); the citizen reads it in "Tus datos". */
export const PURPOSE = "Pruebas de punta a punta";

export async function operator<T = unknown>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}`, "X-Motivo": encodeURIComponent(PURPOSE) };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${API_ORIGIN}/operator/api${path}`, { method, headers, body: payload });
  const text = await response.text();
  if (!response.ok) throw new Error(`operator ${method} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export const TEST_PASSWORD = "Prueba2026!";

/** A fresh citizen with its own (empty) data; adhered to the digital domicile unless told otherwise. */
export async function createCitizen(options: { adhered?: boolean; givenName?: string; familyName?: string } = {}) {
  const tag = randomUUID().slice(0, 6);
  const givenName = options.givenName ?? "Ana";
  const familyName = options.familyName ?? `Prueba ${tag}`;
  const created = await operator<{ cuil: string; name: string }>("POST", "/citizens", {
    givenName,
    familyName,
    email: `ana.${tag}@example.com`,
    phone: { code: "261", number: "4555123" },
    password: TEST_PASSWORD,
    adhered: options.adhered ?? true,
  });
  return { cuil: created.cuil, password: TEST_PASSWORD, name: created.name, description: "test citizen" };
}

/**
 * 'Certificado de discapacidad' (Salud › Certificados), the seed's procedure the tests make their
 * instances of: interactive, with terms; asks for DNI and a clinical summary (both required).
 */
export const DISCAPACIDAD_ID = 102;

/**
 * An instance of 'Certificado de discapacidad' made by the operator for `cuil`: pending
 * documentation, with every button of the tray, unless `more` says otherwise.
 */
export function instanceFor(cuil: string, more: Record<string, unknown> = {}) {
  return operator<{ id: string }>("POST", "/procedures/instances", {
    cuil,
    procedureId: DISCAPACIDAD_ID,
    tab: "pending",
    state: { text: "Pendiente de documentación", color: "#B45309" },
    buttons: ["edit", "history", "attachments", "preview", "discard"],
    ...more,
  });
}

/** A new citizen's instance (`instanceFor`) in which the operator asks for the DNI: the citizen, the instance and its chat's address. */
export async function instanceAskingForDni() {
  const citizen = (await createCitizen()) as unknown as Citizen;
  const instance = await instanceFor(citizen.cuil);
  await operator("POST", `/chat/instances/${instance.id}/requests`, { documents: [{ description: "DNI", isRequired: true }] });
  return { citizen, instanceId: instance.id, chatUrl: `/procedures/chat/?instance=${instance.id}` };
}

/** A record as the operator API answers its creation, with the documents the backend made for it. */
export type CreatedRecord = { id: string; code: string; documents: { id: string; stage: string; name: string; fileId: string }[] };

/**
 * A fresh citizen with one record of their own (no other test touches it): `title` is also its
 * 'Asunto', `header` more rows of its header, `sample` the documents the backend makes for it
 * (none sent or pending unless told).
 */
export async function recordOfNewCitizen(
  title: string,
  sample: { incorporated: number; sent?: number; pending?: number; bigPages?: number },
  header: { code: string; key: string; value: string }[] = [],
) {
  const citizen = (await createCitizen()) as unknown as Citizen;
  const record = await operator<CreatedRecord>("POST", "/records", {
    ownerCuil: citizen.cuil,
    title,
    header: [{ code: "subject", key: "Asunto", value: title }, ...header],
    sample: { sent: 0, pending: 0, ...sample },
  });
  return { citizen, record };
}
