import { describe, expect, it } from "vitest";
import { Badge } from "../../app/ui/Badge";
import { SubmitButton, LinkButton, Button } from "../../app/ui/Button";
import { DataTable } from "../../app/ui/DataTable";
import { EmptyState } from "../../app/ui/EmptyState";
import { Checkbox, ErrorSummary, Select, TextArea, TextField } from "../../app/ui/Field";
import { Modal, ModalFrame } from "../../app/ui/Modal";
import { Paginator } from "../../app/ui/Paginator";
import { RadioGroup } from "../../app/ui/RadioGroup";
import { SkeletonCards, SkeletonRows, SkeletonTabs } from "../../app/ui/Skeleton";
import { LoadingScreen, Spinner } from "../../app/ui/Spinner";
import { OmittedNotice } from "../../app/ui/OmittedNotice";
import { Tabs } from "../../app/ui/Tabs";
import { TOAST_DURATION_MS, Toast } from "../../app/ui/Toast";
import { allTags, renderWithRouter, tagWith, textOf } from "./render";

/** The html from the start of the tag containing `marker`. */
function from(html: string, marker: string): string {
  return html.slice(html.lastIndexOf("<", html.indexOf(marker)));
}
/** The html before the tag containing `marker`. */
function before(html: string, marker: string): string {
  return html.slice(0, html.lastIndexOf("<", html.indexOf(marker)));
}

/** Every id referenced by for / aria-labelledby / aria-describedby exists, and ids are unique. */
function expectReferencesResolve(html: string) {
  const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size, "duplicate ids").toBe(ids.length);
  for (const m of html.matchAll(/\s(?:for|aria-labelledby|aria-describedby)="([^"]+)"/g)) {
    for (const ref of m[1].split(/\s+/)) expect(ids, `missing #${ref}`).toContain(ref);
  }
}

const hrefFor = (p: number) => `/procedures?tab=all&page=${p}`;

describe("Paginator", () => {
  it("renders a labelled nav of links with the current page marked", async () => {
    const html = await renderWithRouter(<Paginator page={5} lastPage={10} hrefFor={hrefFor} label="Paginación de trámites" />);
    expect(tagWith(html, 'class="paginator"')).toMatchObject({ _tag: "nav", "aria-label": "Paginación de trámites" });
    const current = allTags(html, "a").filter((a) => "aria-current" in a);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ "aria-current": "page", "aria-label": "Página 5", href: "/procedures?tab=all&amp;page=5" });
    const pages = allTags(html, "a")
      .filter((a) => a.class?.includes("paginator__page"))
      .map((a) => a["aria-label"]);
    expect(pages).toEqual(["Página 1", "Página 4", "Página 5", "Página 6", "Página 7", "Página 10"]);
    expect(tagWith(html, 'rel="prev"').href).toBe("/procedures?tab=all&amp;page=4");
    expect(tagWith(html, 'rel="next"').href).toBe("/procedures?tab=all&amp;page=6");
    expect(html.match(/paginator__ellipsis/g)).toHaveLength(2);
    expect(textOf(html)).toContain("Anterior");
  });

  it("turns previous into a disabled non-link on the first page", async () => {
    const html = await renderWithRouter(<Paginator page={1} lastPage={3} hrefFor={hrefFor} />);
    expect(tagWith(html, 'aria-disabled="true"')._tag).toBe("span");
    expect(textOf(from(html, 'aria-disabled="true"'))).toMatch(/^‹ Anterior1/);
    expect(html).not.toContain('rel="prev"');
    expect(tagWith(html, 'rel="next"').href).toBe("/procedures?tab=all&amp;page=2");
    expect(tagWith(html, "<nav")["aria-label"]).toBe("Paginación");
  });

  it("turns next into a disabled non-link on the last page", async () => {
    const html = await renderWithRouter(<Paginator page={3} lastPage={3} hrefFor={hrefFor} />);
    const disabled = allTags(html, "span").filter((s) => s["aria-disabled"] === "true");
    expect(disabled).toHaveLength(1);
    expect(html).not.toContain('rel="next"');
  });

  it("renders nothing for a single page", async () => {
    expect(await renderWithRouter(<Paginator page={1} lastPage={1} hrefFor={hrefFor} />)).toBe("");
  });
});

describe("Tabs", () => {
  const tabs = [
    { key: "all", label: "Todos", count: 12, href: "/digital?tab=all", active: true },
    { key: "unread", label: "No Leídos", count: 0, href: "/digital?tab=unread", active: false, disabled: true },
    { key: "done", label: "Finalizados", count: 3, color: "#ffeb3b", href: "/procedures?tab=done", active: false },
    { key: "x", label: "Sin recuento", count: null, href: "/procedures?tab=x", active: false },
  ];

  it("renders a nav of links with aria-current on the active one", async () => {
    const html = await renderWithRouter(<Tabs label="Bandeja de comunicaciones" tabs={tabs} />);
    expect(tagWith(html, 'class="tabs"')).toMatchObject({ _tag: "nav", "aria-label": "Bandeja de comunicaciones" });
    expect(html).not.toContain('role="tab');
    const links = allTags(html, "a");
    expect(links.map((a) => a.href)).toEqual(["/digital?tab=all", "/procedures?tab=done", "/procedures?tab=x"]);
    expect(links.filter((a) => a["aria-current"] === "page").map((a) => a.href)).toEqual(["/digital?tab=all"]);
  });

  it("renders a disabled tab as a non-link with aria-disabled", async () => {
    const html = await renderWithRouter(<Tabs label="t" tabs={tabs} />);
    const disabled = tagWith(html, 'aria-disabled="true"');
    expect(disabled._tag).toBe("span");
    expect(disabled.href).toBeUndefined();
  });

  it("shows counts with a readable text colour and hides unknown counts", async () => {
    const html = await renderWithRouter(<Tabs label="t" tabs={tabs} />);
    const counts = allTags(html, "span").filter((s) => s.class === "tabs__count");
    expect(counts).toHaveLength(3);
    expect(counts[2].style).toBe("background-color:#ffeb3b;color:#000000");
    expect(textOf(html)).toContain("Todos 12"); // a space, so text mode does not read "Todos12"
    expect(textOf(html)).toContain("Sin recuento");
  });
});

describe("Modal", () => {
  const props = {
    id: "historial",
    title: "Historial",
    closeHref: "/procedures?page=2",
    footer: <a href="/procedures?page=2">Volver</a>,
  };

  it("renders nothing when closed", async () => {
    expect(
      await renderWithRouter(
        <Modal {...props} open={false}>
          x
        </Modal>,
      ),
    ).toBe("");
  });

  it("renders as a page section with a 'Cerrar' link when rendered on the server (no JS)", async () => {
    const html = await renderWithRouter(
      <Modal {...props} open>
        <p>Contenido</p>
      </Modal>,
    );
    const section = tagWith(html, 'id="historial"');
    expect(section).toMatchObject({ _tag: "section", "aria-labelledby": "historial-title" });
    expect(section.role).toBeUndefined();
    expect(section["aria-modal"]).toBeUndefined();
    expect(tagWith(html, 'id="historial-title"')._tag).toBe("h2");
    const close = tagWith(html, "modal__close");
    expect(close).toMatchObject({ _tag: "a", href: "/procedures?page=2" });
    expect(textOf(html)).toContain("HistorialCerrarContenidoVolver");
    expect(html).toContain("modal--inline");
    expectReferencesResolve(html);
  });

  it("renders as an ARIA modal dialog when enhanced", async () => {
    const html = await renderWithRouter(
      <ModalFrame {...props} mode="dialog" size="sm" onClose={() => {}}>
        <p>Contenido</p>
      </ModalFrame>,
    );
    expect(tagWith(html, 'id="historial"')).toMatchObject({
      _tag: "section",
      role: "dialog",
      "aria-modal": "true",
      "aria-labelledby": "historial-title",
      tabindex: "-1",
    });
    expect(tagWith(html, "modal__close")).toMatchObject({ _tag: "button", type: "button", "aria-label": "Cerrar ventana" });
    expect(html).toContain("modal--sm");
    expectReferencesResolve(html);
  });
});

describe("Toast", () => {
  it("closes after 4000 ms", () => {
    expect(TOAST_DURATION_MS).toBe(4000);
  });

  it("always renders both live regions", async () => {
    const html = await renderWithRouter(<Toast toast={null} />);
    expect(tagWith(html, 'role="status"')).toMatchObject({ "aria-live": "polite" });
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toBe("");
  });

  it("announces errors with role=alert", async () => {
    const html = await renderWithRouter(
      <Toast toast={{ id: "t1", type: "ERROR", message: "Error al cancelar el trámite. Intente nuevamente." }} />,
    );
    expect(html.indexOf("toast--error")).toBeGreaterThan(html.indexOf('role="alert"'));
    expect(textOf(from(html, 'role="alert"'))).toContain("Error al cancelar el trámite. Intente nuevamente.");
    expect(textOf(before(html, 'role="alert"'))).toBe("");
    // Its close button needs script: not in the server's HTML (text browsers ignore js-only, issue 31).
    expect(html).not.toContain("toast__close");
    expect(textOf(html)).not.toContain("Cerrar notificación");
  });

  it("announces successes with role=status", async () => {
    const html = await renderWithRouter(<Toast toast={{ id: "t2", type: "SUCCESS", message: "Éxito al eliminar el documento." }} />);
    expect(html.indexOf("toast--success")).toBeGreaterThan(html.indexOf('role="status"'));
    expect(html.indexOf("toast--success")).toBeLessThan(html.indexOf('role="alert"'));
    expect(textOf(before(html, 'role="alert"'))).toContain("Éxito al eliminar el documento.");
    expect(textOf(from(html, 'role="alert"'))).toBe("");
  });
});

describe("Fields", () => {
  it("wires label, aria-invalid and aria-describedby (error then hint)", async () => {
    const html = await renderWithRouter(
      <TextField
        id="email"
        name="email"
        label="Correo electrónico"
        hint="Ejemplo: nombre@correo.com"
        error="Ingresa un correo."
        type="email"
        autoComplete="email"
      />,
    );
    expect(tagWith(html, "<label")).toMatchObject({ for: "email" });
    expect(tagWith(html, "<input")).toMatchObject({
      id: "email",
      name: "email",
      type: "email",
      autocomplete: "email",
      "aria-invalid": "true",
      "aria-describedby": "email-error email-hint",
    });
    expect(textOf(html)).toContain("Error: Ingresa un correo.");
    expect(html).toContain("field--error");
    expectReferencesResolve(html);
  });

  it("leaves out what does not exist", async () => {
    const plain = await renderWithRouter(<TextField id="q" name="q" label="Buscar" />);
    expect(tagWith(plain, "<input")["aria-invalid"]).toBeUndefined();
    expect(tagWith(plain, "<input")["aria-describedby"]).toBeUndefined();
    const hinted = await renderWithRouter(<TextField id="q" name="q" label="Buscar" hint="Por asunto" />);
    expect(tagWith(hinted, "<input")["aria-describedby"]).toBe("q-hint");
  });

  it("takes aria-invalid from the caller too, and leaves out a name it was not given", async () => {
    const html = await renderWithRouter(<TextField id="up-name-0" label="Nombre" aria-invalid value="" onChange={() => {}} />);
    expect(tagWith(html, "<input")).toMatchObject({ id: "up-name-0", "aria-invalid": "true" });
    expect(tagWith(html, "<input").name).toBeUndefined();
  });

  it("renders a textarea counter: live with JS, the limit without", async () => {
    const html = await renderWithRouter(<TextArea id="message" name="message" label="Mensaje" maxLength={1000} defaultValue="Hola" />);
    expect(tagWith(html, "<textarea")).toMatchObject({ maxlength: "1000", "aria-describedby": "message-count" });
    expect(tagWith(html, 'class="js-only"')._tag).toBe("span");
    expect(textOf(html)).toContain("4/1000 caracteres");
    expect(textOf(html)).toContain("Hasta 1000 caracteres");
    expect(tagWith(html, "Hasta 1000").class).toBe("no-js-only");
    expectReferencesResolve(html);
  });

  it("renders checkboxes and selects with the same wiring", async () => {
    const html = await renderWithRouter(
      <form>
        <Checkbox
          id="terms"
          name="terms"
          label="He leído y acepto los términos y condiciones"
          error="Debes aceptar los términos y condiciones."
        />
        <Select
          id="type"
          name="type"
          label="Tipo"
          hint="Elige uno"
          placeholder="Todos"
          options={[{ value: "1", label: "Notificación" }]}
          defaultValue="1"
        />
      </form>,
    );
    expect(tagWith(html, 'id="terms"')).toMatchObject({ type: "checkbox", "aria-invalid": "true", "aria-describedby": "terms-error" });
    expect(tagWith(html, "<select")).toMatchObject({ id: "type", "aria-describedby": "type-hint" });
    expect(allTags(html, "option").map((o) => o.value)).toEqual(["", "1"]);
    expectReferencesResolve(html);
  });

  it("renders a radio group as a fieldset: legend, error tied to the group, one id per radio", async () => {
    const html = await renderWithRouter(
      <form>
        <RadioGroup
          id="email"
          name="email"
          label="Correo electrónico"
          error="Elegí un correo electrónico."
          options={[
            { value: "a@example.org", label: "a@example.org" },
            { value: "", label: "Ninguno", id: "email-none" },
          ]}
          defaultValue=""
        />
      </form>,
    );
    expect(tagWith(html, "<fieldset")).toMatchObject({ class: "field field--error", "aria-describedby": "email-error" });
    expect(textOf(from(html, "<legend"))).toMatch(/^Correo electrónico/);
    expect(allTags(html, "input").map((i) => [i.id, i.type, i.name, i.value])).toEqual([
      ["email-0", "radio", "email", "a@example.org"],
      ["email-none", "radio", "email", ""],
    ]);
    expect(tagWith(html, 'id="email-none"')).toHaveProperty("checked");
    expect(tagWith(html, 'id="email-0"')).not.toHaveProperty("checked");
    expectReferencesResolve(html);
  });

  it("renders a focusable error summary linking to fields", async () => {
    const html = await renderWithRouter(
      <ErrorSummary
        errors={[
          { fieldId: "email", message: "Selecciona un correo electrónico." },
          { fieldId: "terms", message: "Debes aceptar los términos y condiciones." },
        ]}
      />,
    );
    // autofocus: without JavaScript the browser focuses the summary of a form that came back.
    expect(tagWith(html, 'class="error-summary"')).toMatchObject({
      role: "alert",
      tabindex: "-1",
      "aria-labelledby": "error-summary-title",
      autofocus: "",
    });
    expect(allTags(html, "a").map((a) => a.href)).toEqual(["#email", "#terms"]);
    expect(textOf(html)).toContain("Hay un problema");
    expect(await renderWithRouter(<ErrorSummary errors={[]} />)).toBe("");
  });
});

describe("DataTable", () => {
  const rows = [
    { id: "a", name: "a.pdf", seen: false },
    { id: "b", name: "b.pdf", seen: true },
  ];
  type Row = (typeof rows)[number];

  it("renders headers, one row per item and the phone layout's labels", async () => {
    const html = await renderWithRouter(
      <DataTable<Row>
        caption="Documentos"
        captionHidden
        className="table rec-table"
        rows={rows}
        rowKey={(r) => r.id}
        rowClassName={(r) => (r.seen ? undefined : "is-unseen")}
        columns={[
          { key: "pick", header: "Elegir", headerHidden: true, cell: (r) => <input type="checkbox" aria-label={r.name} /> },
          {
            key: "name",
            header: <a href="/sort">Nombre</a>,
            label: "Nombre",
            sort: "ascending",
            className: "rec-nowrap",
            cell: (r) => r.name,
          },
          { key: "get", header: "Descargar", headerHidden: true, label: null, cell: (r) => <a href={`/f/${r.id}`}>Descargar</a> },
        ]}
      />,
    );
    expect(tagWith(html, "<div")).toMatchObject({ class: "table-wrap" });
    expect(tagWith(html, "<table")).toMatchObject({ class: "table rec-table" });
    expect(tagWith(html, "<caption")).toMatchObject({ class: "visually-hidden" });
    expect(allTags(html, "th").map((th) => [th.scope, th["aria-sort"]])).toEqual([
      ["col", undefined],
      ["col", "ascending"],
      ["col", undefined],
    ]);
    expect(from(html, 'scope="col"').startsWith('<th scope="col"><span class="visually-hidden">Elegir</span></th>')).toBe(true);
    expect(allTags(html, "tr").map((tr) => tr.class)).toEqual([undefined, "is-unseen", undefined]);
    const cells = allTags(html, "td");
    expect(cells.map((td) => td["data-label"])).toEqual(["Elegir", "Nombre", undefined, "Elegir", "Nombre", undefined]);
    expect(cells.map((td) => td.class)).toEqual([undefined, "rec-nowrap", undefined, undefined, "rec-nowrap", undefined]);
    expect(textOf(html)).toContain("b.pdf");
  });

  it("leaves out the wrapper and the caption when told so", async () => {
    const html = await renderWithRouter(
      <DataTable
        className="receipt__table"
        wrapClassName={null}
        rows={rows}
        rowKey={(r) => r.id}
        columns={[{ key: "name", header: "Nombre", cell: (r) => r.name }]}
      />,
    );
    expect(html.startsWith('<table class="receipt__table"><thead>')).toBe(true);
    expect(html).not.toContain("<caption");
    const visible = await renderWithRouter(
      <DataTable
        caption="1 a 2 de 2"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[{ key: "name", header: "Nombre", cell: (r) => r.name }]}
      />,
    );
    expect(visible).toContain("<caption>1 a 2 de 2</caption>");
  });
});

describe("Buttons", () => {
  it("renders variants, links and an idle submit button", async () => {
    const html = await renderWithRouter(
      <div>
        <Button variant="danger">Eliminar</Button>
        <LinkButton to="/procedures/available" variant="secondary">
          Nuevo trámite
        </LinkButton>
        <LinkButton to="https://example.org" external target="_blank" rel="noreferrer">
          Externo
        </LinkButton>
        <SubmitButton name="intent" value="discard">
          Cancelar trámite
        </SubmitButton>
      </div>,
    );
    expect(tagWith(html, 'class="btn btn--danger"')).toMatchObject({ _tag: "button", type: "button" });
    expect(tagWith(html, "btn--secondary")).toMatchObject({ _tag: "a", href: "/procedures/available" });
    expect(tagWith(html, 'href="https://example.org"')).toMatchObject({ target: "_blank", rel: "noreferrer" });
    const submit = tagWith(html, 'type="submit"');
    expect(submit).toMatchObject({ name: "intent", value: "discard", class: "btn btn--primary" });
    expect(submit["aria-disabled"]).toBeUndefined();
  });

  it("shows the pending state when told so", async () => {
    const html = await renderWithRouter(
      <SubmitButton pending pendingLabel="Eliminando documento...">
        Eliminar
      </SubmitButton>,
    );
    expect(tagWith(html, 'type="submit"')["aria-disabled"]).toBe("true");
    expect(textOf(html)).toBe("Eliminando documento...");
  });
});

describe("Loading and empty states", () => {
  it("hides skeleton visuals and announces one loading text", async () => {
    for (const [el, count, cls] of [
      [<SkeletonCards />, 6, "skeleton-card"],
      [<SkeletonTabs />, 4, "skeleton--tab"],
      [<SkeletonRows />, 14, "skeleton--row"],
      [<SkeletonCards count={2} />, 2, "skeleton-card"],
    ] as const) {
      const html = await renderWithRouter(el);
      expect(html.match(/role="status"/g)).toHaveLength(1);
      expect(textOf(html)).toBe("Estamos cargando la información...");
      expect(html).toContain('aria-hidden="true"');
      expect(html.match(new RegExp(`class="[^"]*\\b${cls}\\b`, "g"))).toHaveLength(count);
    }
  });

  it("renders spinners, the loading screen, empty states and badges", async () => {
    const spinner = await renderWithRouter(<Spinner label="Eliminando documento..." />);
    expect(tagWith(spinner, 'role="status"').class).toContain("spinner");
    expect(tagWith(spinner, "Eliminando").class).toBe("visually-hidden");
    const screen = await renderWithRouter(<LoadingScreen />);
    expect(textOf(screen)).toBe("Estamos cargando la información...");
    const empty = await renderWithRouter(
      <EmptyState title="Por el momento, la bandeja está vacía" action={<a href="/procedures/available">Nuevo trámite</a>} />,
    );
    expect(textOf(empty)).toBe("Por el momento, la bandeja está vacíaNuevo trámite");
    const badge = await renderWithRouter(<Badge color="#2e7d32">En trámite</Badge>);
    expect(tagWith(badge, "badge__dot")).toMatchObject({ "aria-hidden": "true", style: "background-color:#2e7d32" });
    expect(textOf(badge)).toBe("En trámite");
  });
});

describe("OmittedNotice (issue 36: never silently)", () => {
  it("says how many items could not be shown, with the footer's contact line; nothing when none were left out", async () => {
    const one = await renderWithRouter(<OmittedNotice count={1} noun="communication" />);
    expect(textOf(one)).toBe(
      "No pudimos mostrar 1 comunicación. Si el problema sigue, comunicate con la línea gratuita 0800-555-0123 (lunes a viernes de 8 a 18 hs).",
    );
    expect(one).toContain('role="status"');
    expect(one).toContain('href="tel:08005550123"');
    expect(textOf(await renderWithRouter(<OmittedNotice count={3} noun="document" />))).toMatch(/^No pudimos mostrar 3 documentos\./);
    expect(await renderWithRouter(<OmittedNotice count={0} noun="file" />)).toBe("");
  });
});
