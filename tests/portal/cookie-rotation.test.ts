import { afterAll, describe, expect, it, vi } from "vitest";

/**
 * Issue 37: every cookie and sealed value of the portal goes through one helper
 * (app/lib/sealed-cookie.server.ts) that accepts the previous secrets. What a citizen holds mid-task
 * — a kept draft, a held upload, a form's CSRF token, a toast, the sign-in transaction, a digital
 * domicile's 'Abrir comunicación', a message kept in the browser — is made by a process with the old secret and read by one started
 * after `SESSION_SECRET` was rotated (the old one in `SESSION_PREVIOUS_SECRETS`): nothing is lost.
 */
const OLD = "portal-tests-key-0123456789abcdef0123456789";
const NEW = "portal-rotated-key-9876543210fedcba9876543210";
const CUIL = "20123456783";
const binding = { sid: "s-1", cuil: CUIL, record: "r-1" };

/** The portal's modules as a process started with `secret` (and `previous`) loads them. */
async function portalWith(secret: string, previous = "") {
  vi.resetModules();
  process.env.SESSION_SECRET = secret;
  process.env.SESSION_PREVIOUS_SECRETS = previous;
  return {
    helper: await import("~/lib/sealed-cookie.server"),
    csrf: await import("~/lib/csrf.server"),
    drafts: await import("~/features/session/drafts.server"),
    held: await import("~/features/records/held.server"),
    toast: await import("~/lib/toast.server"),
    ownAct: await import("~/features/digital/own-act.server"),
    session: await import("~/lib/session.server"),
  };
}

afterAll(() => {
  process.env.SESSION_SECRET = OLD;
  process.env.SESSION_PREVIOUS_SECRETS = "";
  vi.resetModules();
});

const cookieOf = (setCookie: string | null) => setCookie!.split(";")[0]!;
const requestWith = (cookie: string) => new Request("http://localhost:3000/digital/inbox", { headers: { Cookie: cookie } });

describe("rotating SESSION_SECRET mid-task", () => {
  it("loses nothing sealed before the rotation, and a process without the old secret reads none of it", async () => {
    const before = await portalWith(OLD);
    const [token, csrfSet] = await before.csrf.pageToken(new Request("http://localhost:3000/"));
    const draft = cookieOf(await before.drafts.keepDraftHeader(CUIL, "/procedures/chat?instance=i-1", { message: "Hola, adjunto el DNI" }));
    const held = await before.held.holdToken({ fileId: "f-1", fileName: "dni.pdf", mime: "application/pdf" }, binding);
    const toast = cookieOf(await before.toast.toastHeader({ type: "SUCCESS", message: "Documento enviado" }));
    const opened = cookieOf(await before.ownAct.openedCookie("C-1"));
    const session = await before.session.sessionStorage.getSession();
    session.set("cuil", CUIL);
    const sessionCookie = cookieOf(await before.session.sessionStorage.commitSession(session));
    const generic = cookieOf(await before.helper.portalCookie("av_any").serialize({ step: 2 }));
    // The tag a message copy kept in the browser's sessionStorage carries (app/features/session/local-draft.ts).
    const [localDraftOwner] = before.drafts.draftOwnerTags(CUIL);

    const read = async (portal: Awaited<ReturnType<typeof portalWith>>) => {
      const form = new FormData();
      form.set("csrf", token);
      const csrfOk = await portal.csrf
        .assertToken(form, requestWith(cookieOf(csrfSet)))
        .then(() => true)
        .catch(() => false);
      return {
        csrfOk,
        draft: (await portal.drafts.openDraft(await portal.drafts.draftCookie.parse(draft)))?.fields ?? null,
        held: (await portal.held.readHoldToken(held, binding))?.fileName ?? null,
        toast: (await portal.toast.getToast(requestWith(toast))).toast?.message ?? null,
        own: (await portal.ownAct.isOwnAct(requestWith(opened), "C-1")).own,
        session: (await portal.session.sessionStorage.getSession(sessionCookie)).get("cuil") ?? null,
        generic: (await portal.helper.portalCookie("av_any").parse(generic)) as unknown,
        localDraft: portal.drafts.draftOwnerTags(CUIL).includes(localDraftOwner!),
      };
    };
    const kept = {
      csrfOk: true,
      draft: { message: "Hola, adjunto el DNI" },
      held: "dni.pdf",
      toast: "Documento enviado",
      own: true,
      session: CUIL,
      generic: { step: 2 },
      localDraft: true,
    };
    expect(await read(before)).toEqual(kept);
    expect(await read(await portalWith(NEW, OLD))).toEqual(kept);
    expect(await read(await portalWith(NEW))).toEqual({
      csrfOk: false,
      draft: null,
      held: null,
      toast: null,
      own: false,
      session: null,
      generic: null,
      localDraft: false,
    });
  });
});
