import type { Page } from "@playwright/test";
import { citizens, expect, noJs, test, visitAs, waitForHydration } from "./support";

/**
 * Fail small, screen by screen (issue 36): each main screen visited while the mutating proxy in front of
 * the spec backend (tests/spec-backend/mutating-proxy.ts) changes one node of one of its answers, the
 * way another honest reading of the spec could answer (tests/spec-backend/mutations.ts). The screen
 * must not go to /error nor show the error screen, and its own content must render. Each case has its
 * own request id, so the change stays with it. With JavaScript every screen's calls are changed in
 * MUTATION_CASES ways each; without it, one way each. Each test prints what it tried and kept.
 */
const PROXY = `http://127.0.0.1:${process.env.E2E_SPEC_BACKEND_PORT}`;
const CASES = Number(process.env.MUTATION_CASES ?? 2);

type Screen = {
  path: string;
  /** what shows when the screen's own content rendered (not the error screen, not a loading screen) */
  ready: (page: Page) => ReturnType<Page["locator"]>;
  /** the screen's calls, as `METHOD path?query` patterns */
  calls: string[];
  citizen?: typeof citizens.adhered;
};
const h1 = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { level: 1, name });

const SCREENS: Record<string, Screen> = {
  "/digital": {
    path: "/digital",
    ready: h1("Domicilio digital"),
    calls: ["^GET /api/dd/v1/communications/inbox/", "^GET /api/dd/v1/communications/types/all", "^GET /api/v4/instances/config"],
  },
  "/digital/archive": {
    path: "/digital/archive",
    ready: h1("Archivados"),
    calls: ["^GET /api/dd/v1/communications/inbox/.*archived=true"],
  },
  "/digital/settings": {
    path: "/digital/settings",
    ready: h1(/Configuración|Datos de contacto|Domicilio digital/),
    calls: ["^GET /api/dd/v1/users/get_contact_info/", "^GET /api/dd/v1/users/get-user-self-da/"],
  },
  "/procedures": {
    path: "/procedures",
    ready: h1("Tus trámites"),
    calls: ["^GET /api/v4/instances/count/.*module=procedures", "^GET /api/v4/instances/(?!count|config)[^/?]+\\?.*module=procedures"],
  },
  "/procedures/available": { path: "/procedures/available", ready: h1("Trámites disponibles"), calls: ["^GET /api/v4/procedures/"] },
  requirements: {
    path: "/procedures/available/requirements/?procedure=111",
    ready: (page) => page.locator("main h1"),
    calls: ["^GET /api/v4/procedures/111/docs_table", "^GET /api/v4/procedures/111/forms/first"],
  },
  chat: {
    path: "/procedures/chat/?instance=5002",
    ready: (page) => page.locator("main h1"),
    calls: ["^GET /api/v4/instances/5002/interactive/citizen"],
  },
  preview: {
    path: "/procedures/preview/?instance=5002",
    ready: (page) => page.locator("main h1"),
    calls: ["^GET /api/v4/instances/5002/interactive/previewChat"],
  },
  form: {
    path: "/procedures/form/?procedure=12&form=31",
    ready: (page) => page.locator("main h1"),
    calls: ["^GET /api/v4/instances/12/DRAFT/forms/31/formData", "^GET /api/v4/procedures/12/forms/first"],
  },
  "/records": {
    path: "/records",
    ready: h1("Tus expedientes"),
    calls: ["^GET /api/v4/instances/count/.*module=records", "^GET /api/v4/instances/(?!count|config)[^/?]+\\?.*module=records"],
  },
  "/records/manager": {
    path: "/records/manager/?file=7001",
    ready: h1(/^Número de expediente/),
    calls: [
      "^GET /api/v4/filemanager/7001\\?",
      "^GET /api/v4/filemanager/7001/incorporated",
      "^GET /api/v4/filemanager/7001/sent",
      "^GET /api/v4/filemanager/7001/pending",
    ],
  },
};

async function control(id: string, method: "PUT" | "GET" | "DELETE", body?: unknown) {
  const response = await fetch(`${PROXY}/__mutations/${id}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(response.ok, `the mutating proxy answered ${response.status}`).toBe(true);
  return (await response.json()) as { applied?: string[] };
}

// Tagged: run with the first variant only (playwright.spec-backend.config.ts), a few minutes of CI.
test.describe("one change of one answer keeps every main screen up @mutations", () => {
  for (const [name, screen] of Object.entries(SCREENS)) {
    test(name, async ({ page }) => {
      await visitAs(page, screen.citizen ?? citizens.adhered, screen.path);
      await expect(screen.ready(page)).toBeAttached();
      const ways = noJs() ? 1 : CASES;
      let tried = 0;
      let kept = 0;
      const failures: string[] = [];
      for (const [c, call] of screen.calls.entries()) {
        for (let way = 0; way < ways; way++) {
          const id = `mut-${test.info().project.name}-${name.replace(/\W/g, "")}-${c}-${way}`.slice(0, 64);
          // Picks spread over the changes an answer admits (a prime stride), the same on every run.
          await control(id, "PUT", { call, pick: way * 7919 + c * 104_729 + 11 });
          await page.setExtraHTTPHeaders({ "x-request-id": id });
          await page.goto(screen.path);
          if (!noJs()) await waitForHydration(page);
          const { applied = [] } = await control(id, "GET");
          await control(id, "DELETE");
          if (!applied.length) continue; // the call was not made on this visit: nothing was tried
          tried++;
          const oops = await page.getByRole("heading", { level: 1, name: "Oops" }).count();
          const up = !new URL(page.url()).pathname.startsWith("/error") && oops === 0;
          const ready = up && (await screen.ready(page).count()) > 0;
          if (ready) kept++;
          else failures.push(`${applied[0]} → ${new URL(page.url()).pathname}${oops ? " (error screen)" : ""}`);
        }
      }
      await page.setExtraHTTPHeaders({});
      console.log(`mutations ${test.info().project.name} ${name}: ${tried} changed answers tried, screen kept up in ${kept}`);
      expect(failures, "changed answers that took the screen down").toEqual([]);
      expect(tried, "changed answers tried").toBeGreaterThan(0);
    });
  }
});
