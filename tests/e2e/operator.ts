import { randomUUID } from "node:crypto";

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
