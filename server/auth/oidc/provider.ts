import { randomBytes } from "node:crypto";
import { parse as parseCookies } from "cookie";
import Provider, { errors, type Configuration, type Grant, type KoaContextWithOIDC } from "oidc-provider";
import type { Config } from "../../config.js";
import type { DbOrTx } from "../../db/index.js";
import { findCitizenByCuil } from "../../domain/citizens/repository.js";
import { e164Phone, fullName } from "../../domain/citizens/service.js";
import { createAdapterFactory } from "./adapter.js";
import type { ProviderKeys } from "./keys.js";
import { errorPage, loggedOutPage, logoutPage } from "./views.js";
import { isCuilShape } from "../../../common/cuil.js";

export const OIDC_SCOPES = ["openid", "profile", "email", "phone"] as const;
/** Scope of the API resource server; the portal does not need to ask for it. */
export const API_SCOPE = "api";

const ERROR_MESSAGES: Record<string, string> = {
  session_not_found: "La solicitud de ingreso venció o ya fue usada. Vuelve a Atención Virtual e ingresa nuevamente.",
  access_denied: "No se pudo completar el ingreso.",
  invalid_client: "La aplicación que pidió el ingreso no es válida.",
  invalid_redirect_uri: "La dirección de retorno no está registrada.",
};

/** Everything the first-party portal may receive, granted without a consent screen. */
export function grantFirstParty(grant: Grant, audience: string): Grant {
  grant.addOIDCScope([...OIDC_SCOPES, "offline_access"].join(" "));
  grant.addResourceScope(audience, API_SCOPE);
  return grant;
}

export function contentSecurityPolicy(config: Config, extraScript = ""): string {
  const portalOrigin = new URL(config.PORTAL_URL).origin;
  return [
    "default-src 'none'",
    "style-src 'self'",
    `script-src 'self'${extraScript ? ` ${extraScript}` : ""}`,
    "img-src 'self'",
    `form-action 'self' ${portalOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/**
 * The development identity provider (oidc-provider 9): one confidential client
 * (`portal`), authorization code + PKCE, JWT access tokens for the API audience.
 * Its state (sessions, interactions, grants, codes) is kept in the application
 * database and its keys under DATA_DIR, so a restart keeps sign-ins and tokens valid.
 */
export function createProvider(config: Config, db: DbOrTx, keys: ProviderKeys): Provider {
  const audience = config.API_AUDIENCE;
  const portalUrl = config.PORTAL_URL;

  const configuration: Configuration = {
    adapter: createAdapterFactory(db),
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        client_secret: config.OIDC_CLIENT_SECRET,
        client_name: "Atención Virtual",
        redirect_uris: [`${portalUrl}/auth/callback`],
        post_logout_redirect_uris: [`${portalUrl}/`],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
        scope: [...OIDC_SCOPES, "offline_access"].join(" "),
      },
    ],
    jwks: keys.jwks as Configuration["jwks"],
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: "lax", signed: true },
      short: { httpOnly: true, sameSite: "lax", signed: true },
    },
    claims: {
      openid: ["sub"],
      profile: ["name", "given_name", "family_name"],
      email: ["email"],
      phone: ["phone_number"],
    },
    scopes: ["openid", "offline_access", "profile", "email", "phone"],
    pkce: { required: () => true },
    clientBasedCORS: () => false,
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      if (!isCuilShape(sub)) return undefined;
      const citizen = await findCitizenByCuil(db, sub);
      if (!citizen) return undefined;
      return {
        accountId: citizen.cuil,
        async claims() {
          const phone = e164Phone(citizen.phone_code, citizen.phone_number);
          return {
            sub: citizen.cuil,
            name: fullName(citizen),
            given_name: citizen.given_name,
            family_name: citizen.family_name,
            ...(citizen.email ? { email: citizen.email } : {}),
            ...(phone ? { phone_number: phone } : {}),
          };
        },
      };
    },
    /** First-party client: no consent screen, the grant is made here. */
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (client.clientId !== config.OIDC_CLIENT_ID) return existing;
      const grant = existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grantFirstParty(grant, audience);
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Without a `resource` parameter, tokens are for the API.
        async defaultResource(_ctx: KoaContextWithOIDC, _client: unknown, oneOf?: string[]) {
          if (oneOf) return oneOf.includes(audience) ? audience : oneOf;
          return audience;
        },
        // At the token endpoint, use the resource granted at authorization even with `openid`.
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx: KoaContextWithOIDC, resourceIndicator: string) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenTTL: config.ACCESS_TOKEN_TTL,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          const nonce = randomBytes(16).toString("base64");
          ctx.set("content-security-policy", contentSecurityPolicy(config, `'nonce-${nonce}'`));
          ctx.type = "html";
          ctx.body = logoutPage(form, nonce);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = "html";
          ctx.body = loggedOutPage(portalUrl);
        },
      },
    },
    ttl: {
      AccessToken: (_ctx: KoaContextWithOIDC, token: { resourceServer?: { accessTokenTTL?: number } }) =>
        token.resourceServer?.accessTokenTTL ?? config.ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 30 * 60,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      RefreshToken: 8 * 3600,
    },
    async renderError(ctx: KoaContextWithOIDC, out: Record<string, unknown>) {
      ctx.type = "html";
      ctx.body = errorPage({
        title: "No pudimos completar el ingreso",
        message:
          ERROR_MESSAGES[String(out.error)] ??
          "Ocurrió un problema con la solicitud de ingreso. Vuelve a Atención Virtual e intenta nuevamente.",
        code: typeof out.error === "string" ? out.error : undefined,
        portalUrl,
      });
    },
  };

  const provider = new Provider(config.OIDC_ISSUER, configuration);
  // Behind a TLS-terminating proxy in production: trust X-Forwarded-* for `secure` cookies.
  provider.proxy = config.isProduction;

  // Every page of the provider: a strict Content-Security-Policy and no framing.
  provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    ctx.set("content-security-policy", contentSecurityPolicy(config));
    ctx.set("x-content-type-options", "nosniff");
    ctx.set("referrer-policy", "no-referrer");
    await next();
    if (ctx.oidc?.route === "end_session" && ctx.status === 200 && isOwnLogout(ctx, config.OIDC_CLIENT_ID)) {
      await confirmAtOnce(ctx);
      return;
    }
    // end_session without an IdP session: oidc-provider answers an English self-posting
    // form; answer the Spanish logout page instead (same form, also works without JS).
    if (ctx.oidc?.route === "end_session" && ctx.status === 200 && typeof ctx.body === "string" && !ctx.oidc.session?.accountId) {
      const secret = ctx.oidc.session?.state?.secret;
      if (typeof secret === "string") {
        const action = ctx.oidc.urlFor("end_session_confirm");
        const form = `<form id="op.logoutForm" method="post" action="${action}"><input type="hidden" name="xsrf" value="${secret}"/></form>`;
        const nonce = randomBytes(16).toString("base64");
        ctx.set("content-security-policy", contentSecurityPolicy(config, `'nonce-${nonce}'`));
        ctx.body = logoutPage(form, nonce);
      }
    }
  });

  return provider;
}

/**
 * The portal's own 'Cerrar sesión' (issues 31 and 40): one press ends both sessions, with or without
 * JavaScript. The portal posts the end-session request with an ID token of the account signed in here
 * (oidc-provider has validated its signature and audience); without JavaScript it asks for it by
 * address, with the portal's `client_id` and no token (none may be in an address), from a page of its
 * own site, which the browser says in `Sec-Fetch-Site`. Any other request (another account's token, or
 * one from another site, which could sign a citizen out) keeps the confirmation page.
 */
function isOwnLogout(ctx: KoaContextWithOIDC, clientId: string): boolean {
  const accountId = ctx.oidc.session?.accountId;
  if (!accountId || typeof ctx.oidc.session?.state?.secret !== "string") return false;
  const hint = ctx.oidc.entities.IdTokenHint;
  if (hint) return hint.payload?.sub === accountId;
  const site = ctx.get("sec-fetch-site");
  return ctx.oidc.client?.clientId === clientId && (site === "same-origin" || site === "same-site");
}

/**
 * Confirms the logout the page would have asked for: the same post its button sends (the session's
 * secret and `logout=yes`), to oidc-provider's own confirm endpoint on this very listener, so the
 * provider ends the session and answers the redirect back to the portal as it always does; that
 * answer, with its cookies, is the browser's.
 */
async function confirmAtOnce(ctx: KoaContextWithOIDC) {
  const socket = ctx.req.socket;
  const host = socket.localAddress && socket.localAddress !== "::" && socket.localAddress !== "0.0.0.0" ? socket.localAddress : "127.0.0.1";
  const target = new URL(ctx.oidc.urlFor("end_session_confirm"));
  const local = `http://${host.includes(":") ? `[${host}]` : host}:${socket.localPort}${target.pathname}`;
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", cookie: cookiesAfter(ctx) });
  for (const name of ["host", "x-forwarded-proto", "x-forwarded-host", "x-forwarded-for", "user-agent"]) {
    const value = ctx.get(name);
    if (value) headers.set(name, value);
  }
  let answer: Response;
  try {
    answer = await fetch(local, {
      method: "POST",
      headers,
      body: new URLSearchParams({ xsrf: String(ctx.oidc.session!.state!.secret), logout: "yes" }),
      redirect: "manual",
    });
  } catch {
    return; // the confirmation page stays, and its button does the same
  }
  const location = answer.headers.get("location");
  if (answer.status !== 303 || !location) return;
  ctx.remove("set-cookie");
  for (const cookie of answer.headers.getSetCookie()) ctx.append("set-cookie", cookie);
  ctx.body = ""; // before the status, which Koa's body setter would change
  ctx.status = 303;
  ctx.set("location", location);
}

/** The request's cookies as the browser would send them next: its own, updated by this answer's. */
function cookiesAfter(ctx: KoaContextWithOIDC): string {
  const jar: Record<string, string | undefined> = parseCookies(ctx.get("cookie") || "");
  const set = ctx.response.headers["set-cookie"];
  for (const line of Array.isArray(set) ? set : set ? [String(set)] : []) Object.assign(jar, parseCookies(line.split(";")[0] ?? ""));
  return Object.entries(jar)
    .map(([name, value]) => `${name}=${value ?? ""}`)
    .join("; ");
}
