/**
 * What the deploy drills share (deploy/rolling-restart.ts, deploy/rollback-drill.ts): a fresh
 * PostgreSQL database, the processes' common environment, waiting for a condition, the operator API
 * that makes their citizens, and a message written through the chat page's form as a browser
 * without JavaScript would.
 */
import pg from "pg";
import { forms, type Browser, type Page } from "../scripts/bench/load-http.js";

/** The development operator token and the demo seed's interactive procedure the drills write to. */
export const OPERATOR_TOKEN = "dev-operator-token-change-me";
export const PROCEDURE_ID = 102;

/** Drops and creates database `name` on the server of `adminUrl` (the connection is made to `adminUrl` itself). */
export async function recreatePostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `condition` holds (a throw counts as not yet), asking every `everyMs`. */
export async function until(what: string, condition: () => Promise<boolean>, timeoutMs: number, everyMs: number) {
  const limit = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > limit) throw new Error(`still waiting: ${what}`);
    await sleep(everyMs);
  }
}

/** Whether `url` answers 200 within 3 s. */
export const answers = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(3000) })).status === 200;

/** The environment every process of a drill shares: one data folder, one database, the URLs, no periodic jobs. */
export function drillEnv(options: {
  dataDir: string;
  portalUrl: string;
  apiUrl: string;
  idpPort: number;
  sessionSecret: string;
  notReadyMs: string;
  dbEnv: Record<string, string>;
}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    LOG_LEVEL: "warn",
    DATA_DIR: options.dataDir,
    PORTAL_URL: options.portalUrl,
    API_BASE_URL: options.apiUrl,
    API_AUDIENCE: `${options.apiUrl}/api`,
    OIDC_ISSUER: `http://localhost:${options.idpPort}`,
    SESSION_SECRET: options.sessionSecret,
    SHUTDOWN_NOT_READY_MS: options.notReadyMs,
    REMINDERS_INTERVAL_MS: "0",
    ACCESS_DIGEST_INTERVAL_MS: "0",
    SWEEP_INTERVAL_MS: "0",
    ...options.dbEnv,
  };
}

/** A POST to the operator API (`x-motivo`: why, as the API requires), its JSON answer; throws on any other status than 2xx. */
export function operatorApi(apiUrl: string, motive: string) {
  return async <T>(route: string, body: unknown): Promise<T> => {
    const response = await fetch(`${apiUrl}/operator/api${route}`, {
      method: "POST",
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, "x-motivo": motive, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`operator ${route} → ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** An adhered citizen with one open instance of PROCEDURE_ID (its chat the drill writes to). */
export async function citizenWithChat(
  operator: ReturnType<typeof operatorApi>,
  citizen: { givenName: string; familyName: string; email: string; password: string },
): Promise<{ cuil: string; instanceId: string }> {
  const { cuil } = await operator<{ cuil: string }>("/citizens", { ...citizen, adhered: true });
  const { id: instanceId } = await operator<{ id: string }>("/procedures/instances", {
    cuil,
    procedureId: PROCEDURE_ID,
    tab: "pending",
    state: { text: "En curso", color: "#1D4ED8" },
    buttons: ["edit", "history", "attachments", "preview"],
  });
  return { cuil, instanceId };
}

/** Posts `message` through the chat page's send form (its other fields as the page has them); null when the page has no such form. */
export async function writeThroughChat(browser: Browser, page: Page, message: string): Promise<Page | null> {
  const form = forms(page.html).find((f) => f.method === "post" && f.fields.some(([k, v]) => k === "intent" && v === "send"));
  if (!form) return null;
  const body = new URLSearchParams(form.fields.filter(([k]) => k !== "message"));
  body.set("message", message);
  return browser.post("write", new URL(form.action || page.url, page.url).href, body);
}
