/**
 * Issue 40's small citizen details, as the server renders them: the export page's refresh that can be
 * stopped (WCAG 2.2.1), and a day typed that cannot be read said next to its box.
 */
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { describe, expect, it } from "vitest";
import { ExportStatusView } from "~/features/datos/ExportStatusView";
import { DateFilter } from "~/features/instances/DateFilter";
import { common } from "~/lib/messages/common";
import { datos as D } from "~/lib/messages/datos";
import { allTags, renderWithRouter } from "./render";

const building = { ready: null, building: true, startedAt: "2026-11-29T08:00:00Z", mailWhenReady: false };
const refreshes = (html: string) => allTags(html, "meta").some((m) => m["http-equiv"] === "refresh");

describe("/datos/descarga refreshes only while it says so, and can be stopped", () => {
  it("while the file is prepared: the refresh (without JavaScript), its note and a plain link that stops it", async () => {
    const html = await renderWithRouter(<ExportStatusView status={building} />, "/datos/descarga");
    expect(html).toContain(D.download.status.autoRefresh);
    expect(html).toContain("<noscript>");
    expect(html).toMatch(/http-equiv="refresh"/);
    const stop = allTags(html, "a").find((a) => a.href === "/datos/descarga?auto=0");
    expect(stop).toBeDefined();
    expect(html).toContain(D.download.status.stopRefresh);
  });

  it("stopped (?auto=0): no refresh, it says so, 'Actualizar ahora' keeps it stopped and a link starts it again", async () => {
    const html = await renderWithRouter(<ExportStatusView status={building} />, "/datos/descarga?auto=0");
    expect(refreshes(html)).toBe(false);
    expect(html).not.toMatch(/http-equiv="refresh"/);
    expect(html).not.toContain(D.download.status.autoRefresh);
    expect(html).toContain(D.download.status.stopped);
    expect(html).toContain(D.download.status.resumeRefresh);
    expect(allTags(html, "a").map((a) => a.href)).toEqual(expect.arrayContaining(["/datos/descarga?auto=0", "/datos/descarga"]));
  });

  it("ready or with nothing prepared: no refresh at all, and 'Volver a Tus datos' is a target of its own size", async () => {
    const ready = {
      ready: { createdAt: "2026-11-29T08:00:00Z", expiresAt: "2026-11-29T09:00:00Z", size: 2048 },
      building: false,
      startedAt: null,
      mailWhenReady: false,
    };
    for (const status of [ready, { ...building, building: false, startedAt: null }]) {
      const html = await renderWithRouter(
        <AuthenticityTokenProvider token="t">
          <ExportStatusView status={status} />
        </AuthenticityTokenProvider>,
        "/datos/descarga",
      );
      expect(html).not.toMatch(/http-equiv="refresh"/);
      expect(allTags(html, "a").find((a) => a.href === "/datos")?.class).toBe("datos__back");
    }
  });
});

describe("a filter's day that cannot be read", () => {
  /** A day box drawn with what its filter could not apply; its input, marked invalid and tied to its message. */
  async function invalidBox(id: string, name: string, invalid: { typed: string; problem: "day" | "range" }) {
    const html = await renderWithRouter(<DateFilter id={id} name={name} label="Día" value={null} invalid={invalid} onValid={() => {}} />);
    const input = allTags(html, "input").find((i) => i.id === id)!;
    expect(input["aria-invalid"]).toBe("true");
    expect(input["aria-describedby"]).toMatch(new RegExp(`${id}-error`));
    return { html, input };
  }

  it("comes back as typed, with the message tied to the box", async () => {
    const { html, input } = await invalidBox("proc-since", "since", { typed: "31/02/2026", problem: "day" });
    expect(html).toContain(common.search.invalidDate);
    expect(input.value).toBe("31/02/2026");
  });

  it("a 'hasta' before its 'desde' says so, next to the 'hasta' box, keeping the day typed", async () => {
    const { html, input } = await invalidBox("dd-f-created_until", "created_until", { typed: "2026-02-01", problem: "range" });
    expect(html).toContain(common.search.untilBeforeSince);
    expect(html).not.toContain(common.search.invalidDate);
    expect(input.value).toBe("2026-02-01");
  });

  it("a valid day shows no message", async () => {
    const html = await renderWithRouter(<DateFilter id="d" name="since" label="Desde" value="2026-02-03" onValid={() => {}} />);
    expect(html).not.toContain(common.search.invalidDate);
  });
});
