import { sessionStorage, newSessionData } from "~/lib/session.server";

/** A request carrying a valid portal session cookie. */
export async function signedInRequest(url: string, init: RequestInit & { createdAt?: number; lastSeen?: number } = {}) {
  const session = await sessionStorage.getSession();
  const data = newSessionData({ cuil: "20123456783", accessToken: "token", idToken: "id" }, init.createdAt ?? Date.now());
  if (init.lastSeen !== undefined) data.lastSeen = init.lastSeen;
  for (const [k, v] of Object.entries(data)) session.set(k as keyof typeof data, v as never);
  const cookie = (await sessionStorage.commitSession(session)).split(";")[0]!;
  const headers = new Headers(init.headers);
  headers.set("Cookie", [headers.get("Cookie"), cookie].filter(Boolean).join("; "));
  return new Request(url, { ...init, headers });
}

/** Runs a loader and returns the Response it returned or threw. */
export async function settle(work: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await work();
    if (result instanceof Response) return result;
    throw new Error("loader returned a non-Response value");
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
