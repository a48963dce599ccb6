import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type Provider from "oidc-provider";
import type { Logger } from "pino";
import type { Config } from "../../config.js";
import { clientAddress } from "./client-address.js";
import type { DbOrTx } from "../../db/index.js";
import { demoCitizens, DEMO_PASSWORD } from "./demo-citizens.js";
import { findCitizenByCuil } from "../../domain/citizens/repository.js";
import { normalizeCuil } from "../../../common/cuil.js";
import { verifyAgainstDummy, verifyPassword } from "../password.js";
import { loadOrCreateKeys } from "./keys.js";
import { contentSecurityPolicy, createProvider, grantFirstParty } from "./provider.js";
import { FailureLimiter } from "./rate-limit.js";
import { errorPage, loginPage, STYLESHEET, STYLESHEET_PATH, type LoginView } from "./views.js";

export const WRONG_CREDENTIALS = "CUIL o contraseña incorrectos.";
export const TOO_MANY_ATTEMPTS = "Demasiados intentos. Intenta de nuevo en unos minutos.";

export type OidcServerOptions = {
  config: Config;
  db: DbOrTx;
  logger?: Logger;
  /** failed sign-ins allowed per CUIL / per IP within the window (defaults 5 / 20 in 15 min) */
  limits?: { perCuil?: number; perIp?: number; windowMs?: number };
};

export type OidcServer = {
  provider: Provider;
  server: http.Server;
  /** the bound address, e.g. http://127.0.0.1:4001 */
  address: string;
  close(): Promise<void>;
};

const INTERACTION = /^\/interaction\/([A-Za-z0-9_-]{1,64})(\/login)?\/?$/;
const MAX_FORM_BYTES = 8 * 1024;

class BodyError extends Error {
  constructor(public readonly status: number) {
    super(`body error ${status}`);
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") throw new BodyError(415);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new BodyError(413);
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * Creates the development identity provider and its own HTTP listener:
 * oidc-provider for the protocol, plus the Spanish sign-in interaction and stylesheet.
 */
export async function createOidcServer(options: OidcServerOptions) {
  const { config, db } = options;
  const log = options.logger?.child({ component: "idp" });
  const keys = await loadOrCreateKeys(config.dataDir);
  const provider = createProvider(config, db, keys);
  const windowMs = options.limits?.windowMs ?? 15 * 60_000;
  const perCuil = new FailureLimiter(options.limits?.perCuil ?? 5, windowMs);
  const perIp = new FailureLimiter(options.limits?.perIp ?? 20, windowMs);
  const showDemo = !config.isProduction;

  provider.on("server_error", (_ctx: unknown, error: Error) => log?.error({ err: error }, "oidc server error"));
  provider.on("grant.error", (_ctx: unknown, error: Error) => log?.info({ error: error.name }, "oidc grant error"));
  provider.on("end_session.success", () => log?.info("oidc session ended"));

  function send(res: ServerResponse, status: number, html: string, extraHeaders: Record<string, string> = {}) {
    res.writeHead(status, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": contentSecurityPolicy(config),
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      ...extraHeaders,
    });
    res.end(html);
  }

  function renderLogin(res: ServerResponse, status: number, uid: string, view: Partial<LoginView> = {}) {
    send(
      res,
      status,
      loginPage({
        action: `/interaction/${uid}/login`,
        ...(showDemo ? { demo: demoCitizens, demoPassword: DEMO_PASSWORD } : {}),
        ...view,
      }),
    );
  }

  function expired(res: ServerResponse) {
    send(
      res,
      400,
      errorPage({
        title: "La solicitud de ingreso venció",
        message: "Pasó demasiado tiempo o la solicitud ya fue usada. Vuelve a Atención Virtual e ingresa nuevamente.",
        portalUrl: config.PORTAL_URL,
      }),
    );
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, isLogin: boolean) {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return expired(res);
    }
    // The interaction cookie must belong to this very URL (defence against mix-ups / CSRF).
    if (details.uid !== uid) return expired(res);

    if (details.prompt.name !== "login") {
      // First-party client: any other prompt (consent) is granted without a screen.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ clientId: String(details.params.client_id), accountId: details.session?.accountId ?? "" });
      if (!grant) return expired(res);
      const grantId = await grantFirstParty(grant, config.API_AUDIENCE).save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }

    if (!isLogin) {
      if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "", { allow: "GET" });
      return renderLogin(res, 200, uid);
    }
    if (req.method !== "POST") return send(res, 405, "", { allow: "POST" });

    let form: URLSearchParams;
    try {
      form = await readForm(req);
    } catch (error) {
      return renderLogin(res, error instanceof BodyError ? error.status : 400, uid, {
        error: "No pudimos leer los datos enviados. Intenta nuevamente.",
      });
    }
    const rawCuil = (form.get("cuil") ?? "").trim().slice(0, 40);
    const password = form.get("password") ?? "";
    const ip = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], config.OIDC_TRUSTED_PROXIES);

    const cuilError = rawCuil === "" ? "Ingresa tu CUIL." : undefined;
    const passwordError = password === "" ? "Ingresa tu contraseña." : undefined;
    if (cuilError || passwordError) return renderLogin(res, 400, uid, { cuil: rawCuil, cuilError, passwordError });

    const cuil = normalizeCuil(rawCuil);
    if (!cuil) {
      return renderLogin(res, 400, uid, {
        cuil: rawCuil,
        cuilError: "Ingresa un CUIL de 11 dígitos, con o sin guiones.",
      });
    }
    if (perCuil.isBlocked(cuil) || perIp.isBlocked(ip)) {
      log?.warn({ reason: "throttled" }, "sign-in refused");
      return renderLogin(res, 429, uid, { cuil: rawCuil, error: TOO_MANY_ATTEMPTS });
    }

    const citizen = await findCitizenByCuil(db, cuil);
    const ok =
      password.length <= 1024 && (citizen ? await verifyPassword(password, citizen.password_hash) : await verifyAgainstDummy(password));
    if (!citizen || !ok) {
      perCuil.fail(cuil);
      perIp.fail(ip);
      log?.info({ reason: "wrong_credentials" }, "sign-in failed");
      return renderLogin(res, 400, uid, { cuil: rawCuil, error: WRONG_CREDENTIALS });
    }
    perCuil.reset(cuil);
    log?.info("sign-in succeeded");
    return provider.interactionFinished(req, res, { login: { accountId: citizen.cuil, amr: ["pwd"] } }, { mergeWithLastSubmission: false });
  }

  const providerCallback = provider.callback();

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://local");
    if (url.pathname === STYLESHEET_PATH) {
      res.writeHead(200, {
        "content-type": "text/css; charset=utf-8",
        "cache-control": "public, max-age=3600",
        "x-content-type-options": "nosniff",
      });
      return res.end(req.method === "HEAD" ? undefined : STYLESHEET);
    }
    // Browsers ask every origin for /favicon.ico: answer "nothing" rather than a 404 (a console error on the sign-in page).
    if (url.pathname === "/favicon.ico") {
      res.writeHead(204, { "cache-control": "public, max-age=86400" });
      return res.end();
    }
    const match = INTERACTION.exec(url.pathname);
    if (match) {
      interaction(req, res, match[1], match[2] === "/login").catch((error: unknown) => {
        log?.error({ err: error }, "interaction failed");
        if (!res.headersSent) {
          send(
            res,
            500,
            errorPage({
              title: "No pudimos completar el ingreso",
              message: "Ocurrió un error inesperado. Intenta nuevamente en unos minutos.",
              portalUrl: config.PORTAL_URL,
            }),
          );
        } else res.end();
      });
      return;
    }
    return providerCallback(req, res);
  };

  return { provider, handler };
}

/** Starts the identity provider on OIDC_HOST:OIDC_PORT (port 0: an ephemeral one). */
export async function startOidcServer(options: OidcServerOptions & { port?: number; host?: string }): Promise<OidcServer> {
  const { provider, handler } = await createOidcServer(options);
  const server = http.createServer(handler);
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? options.config.OIDC_PORT, options.host ?? options.config.OIDC_HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    provider,
    server,
    address: `http://${address.includes(":") ? `[${address}]` : address}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
