/**
 * The switch of the daily e-mail digest (decision 071), msw at the network boundary: 'Configuración'
 * (/digital/settings) loads it beside the spec's contact data and hides it when the backend does
 * not offer it (404) or fails; its own post (intent, CSRF) saves it with a toast and never reaches
 * the spec's call, nor the spec's post this one's; /datos tells its state to a citizen who can
 * change it.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { API, CUIL, digitalDisabled, happy, notAdhered } from "../mocks/api";
import { renderWithRouter, tagWith } from "../unit/render";
import { BASE, failOnUnhandled, load, post, settle, signedInRequest, toastOf, argsOf } from "./helpers";
import { DigestNote } from "~/features/datos/DigestNote";
import { DigestSwitchForm } from "~/features/datos/DigestSwitch";
import { accessDigest as T } from "~/lib/messages/accessDigest";
import { digital } from "~/lib/messages/digital";
import { loader as datosLoader } from "~/routes/datos";
import { action as settingsAction, loader as settingsLoader } from "~/routes/digital.settings";

const contact = { user_id: CUIL, first_name: "María", last_name: "Gómez", emails: ["maria@example.com"], phones: [] };
const puts: unknown[] = [];
let digestAnswer: () => Response = () => HttpResponse.json({ enabled: true });

const server = setupServer(
  http.get(`${API}/api/v1/me/access-digest`, () => digestAnswer()),
  http.put(`${API}/api/v1/me/access-digest`, async ({ request }) => {
    const body = (await request.json()) as { enabled: boolean };
    puts.push(body);
    return HttpResponse.json({ enabled: body.enabled });
  }),
  http.get(`${API}/api/dd/v1/users/get_contact_info/:cuil`, () => HttpResponse.json({ data: contact })),
  http.get(`${API}/api/dd/v1/users/get-user-self-da/:cuil`, () =>
    HttpResponse.json({ data: { cuil: CUIL, email: "maria@example.com", phone: null } }),
  ),
  http.get(`${API}/api/v1/me/accesses`, () => HttpResponse.json({ accesses: [], total: 0, page: 1, last_page: 1, page_size: 20 })),
  ...happy,
);
beforeAll(() => server.listen({ onUnhandledRequest: failOnUnhandled }));
afterEach(() => {
  server.resetHandlers();
  puts.length = 0;
  digestAnswer = () => HttpResponse.json({ enabled: true });
});
afterAll(() => server.close());

describe("/digital/settings: the switch beside the spec's contact data", () => {
  it("loads the switch's state with the contact data", async () => {
    digestAnswer = () => HttpResponse.json({ enabled: false });
    const data = await (await load(settingsLoader, "/digital/settings")).json();
    expect(data.digest).toBe(false);
    expect(data.info.emails).toEqual(["maria@example.com"]);
  });

  it("hides it when the backend does not offer it (404) or fails; the spec's content loads all the same", async () => {
    for (const status of [404, 500]) {
      digestAnswer = () => HttpResponse.json({ code: "X", message: "x" }, { status });
      const res = await load(settingsLoader, "/digital/settings");
      expect(res.status, String(status)).toBe(200);
      const data = await res.json();
      expect(data.digest).toBeNull();
      expect(data.current).toMatchObject({ email: "maria@example.com" });
    }
  });

  it("saves it: ticked is on, unticked is off; a toast each time, back to Configuración", async () => {
    let res = await post(settingsAction, "/digital/settings", [
      ["intent", "access-digest"],
      ["enabled", "on"],
    ]);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/digital/settings");
    expect(await toastOf(res)).toMatchObject({ type: "SUCCESS", message: T.toasts.on });
    res = await post(settingsAction, "/digital/settings", [["intent", "access-digest"]]);
    expect(await toastOf(res)).toMatchObject({ type: "SUCCESS", message: T.toasts.off });
    expect(puts).toEqual([{ enabled: true }, { enabled: false }]);
  });

  it("a failure is an error toast; an odd value is refused before any call", async () => {
    server.use(http.put(`${API}/api/v1/me/access-digest`, () => HttpResponse.json({ code: "BOOM" }, { status: 500 })));
    let res = await post(settingsAction, "/digital/settings", [
      ["intent", "access-digest"],
      ["enabled", "on"],
    ]);
    expect(await toastOf(res)).toMatchObject({ type: "ERROR", message: T.toasts.error });
    server.resetHandlers();
    res = await post(settingsAction, "/digital/settings", [
      ["intent", "access-digest"],
      ["enabled", "sí"],
    ]);
    expect(await toastOf(res)).toMatchObject({ type: "ERROR", message: T.toasts.error });
    expect(puts).toEqual([]);
  });

  it("needs the CSRF token like every post: 403 without it, nothing saved", async () => {
    const body = new URLSearchParams([
      ["intent", "access-digest"],
      ["enabled", "on"],
    ]);
    const request = await signedInRequest(`${BASE}/digital/settings`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    });
    const res = await settle(async () => settingsAction(argsOf(request)));
    expect(res.status).toBe(403);
    expect(puts).toEqual([]);
  });

  it("the spec's 'Guardar' still goes to set-self-da only, and this form never does", async () => {
    const selfDa: unknown[] = [];
    server.use(
      http.put(`${API}/api/dd/v1/users/set-self-da`, async ({ request }) => {
        selfDa.push(await request.json());
        return HttpResponse.json({ data: {} });
      }),
    );
    const res = await post(settingsAction, "/digital/settings", [
      ["email", "maria@example.com"],
      ["phone", ""],
    ]);
    expect(res.headers.get("Location")).toBe("/digital/confirm/update");
    expect(await toastOf(res)).toMatchObject({ type: "SUCCESS", message: digital.toasts.settingsSuccess });
    await post(settingsAction, "/digital/settings", [
      ["intent", "access-digest"],
      ["enabled", "on"],
    ]);
    expect(selfDa).toEqual([{ user_id: CUIL, email: "maria@example.com", phone: null }]);
    expect(puts).toEqual([{ enabled: true }]);
  });

  it("renders a plain form of its own: CSRF field, intent, the box as saved, its own button", async () => {
    const form = (enabled: boolean) => (
      <AuthenticityTokenProvider token="token-1">
        <DigestSwitchForm enabled={enabled} />
      </AuthenticityTokenProvider>
    );
    const html = await renderWithRouter(form(true), "/digital/settings");
    expect(tagWith(html, 'id="resumen"')._tag).toBe("div");
    expect(tagWith(html, 'method="post"')._tag).toBe("form");
    expect(tagWith(html, 'name="csrf"')).toMatchObject({ type: "hidden", value: "token-1" });
    expect(html).toContain('name="intent" value="access-digest"');
    expect(tagWith(html, 'id="digest-enabled"')).toMatchObject({ type: "checkbox", name: "enabled", value: "on", checked: "" });
    expect(html).toContain(`<label class="checkbox__label" for="digest-enabled">${T.label}</label>`);
    expect(tagWith(html, 'id="digest-enabled"')["aria-describedby"]).toBe("digest-enabled-hint");
    expect(html).toContain(T.save);
    const off = await renderWithRouter(form(false), "/digital/settings");
    expect(tagWith(off, 'id="digest-enabled"').checked).toBeUndefined();
  });
});

describe("/datos: the switch's state for a citizen who can change it", () => {
  const loadDatos = async () => (await load(datosLoader, "/datos")).json();

  it("adhered, offered: the state and the way to Configuración", async () => {
    expect((await loadDatos()).digest).toBe(true);
    digestAnswer = () => HttpResponse.json({ enabled: false });
    expect((await loadDatos()).digest).toBe(false);
    const html = await renderWithRouter(<DigestNote enabled={false} />, "/datos");
    expect(html).toContain(T.stateOff);
    expect(tagWith(html, "href=")).toMatchObject({ _tag: "a", href: "/digital/settings#resumen" });
  });

  it("nothing for a citizen not adhered, with the digital module off, or when not offered", async () => {
    server.use(notAdhered);
    expect((await loadDatos()).digest).toBeNull();
    server.resetHandlers();
    server.use(digitalDisabled);
    expect((await loadDatos()).digest).toBeNull();
    server.resetHandlers();
    digestAnswer = () => HttpResponse.json({ code: "NOT_FOUND", message: "x" }, { status: 404 });
    const data = await loadDatos();
    expect(data.digest).toBeNull();
    expect(data.page.total).toBe(0);
  });
});
