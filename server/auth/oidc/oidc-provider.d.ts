/**
 * Minimal typings for oidc-provider 9 (the package ships none), covering what
 * server/auth/oidc uses.
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface InteractionPrompt {
    name: "login" | "consent" | (string & {});
    reasons: string[];
    details: Record<string, unknown>;
  }

  export interface Interaction {
    uid: string;
    prompt: InteractionPrompt;
    params: Record<string, unknown> & { client_id?: string; login_hint?: string };
    session?: { accountId?: string; uid?: string };
    lastSubmission?: Record<string, unknown>;
    returnTo: string;
    exp: number;
    grantId?: string;
  }

  export interface Grant {
    jti: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  /** The request's OpenID Connect state, as far as server/auth/oidc reads it. */
  export interface OidcContext {
    route?: string;
    client?: { clientId: string };
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined; state?: { secret?: unknown } };
    result?: { consent?: { grantId?: string } };
    /** what the request carried, once validated (e.g. the end-session request's ID token) */
    entities: { IdTokenHint?: { payload?: Record<string, unknown> } };
    provider: Provider;
    urlFor(name: string): string;
  }

  export interface KoaContextWithOIDC {
    oidc: OidcContext;
    status: number;
    body: unknown;
    type: string;
    set(field: string, value: string): void;
    get(field: string): string;
    append(field: string, value: string): void;
    remove(field: string): void;
    req: IncomingMessage;
    response: { headers: Record<string, string | string[] | number | undefined> };
    [key: string]: unknown;
  }

  /** Loosely typed on purpose: oidc-provider validates it when it starts. */
  export type Configuration = Record<string, unknown>;

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(fn: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void> | void): this;
    on(event: string, listener: (...args: never[]) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    Grant: {
      new (properties: { clientId: string; accountId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    SessionNotFound: new (description?: string) => Error;
    [name: string]: new (...args: never[]) => Error;
  };
}
