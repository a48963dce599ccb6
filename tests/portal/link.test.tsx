import { Link, type LinkProps } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { buildRoute, documentBuild } from "../unit/portal-build";
import { servedPortal } from "./helpers";
import * as entry from "~/entry.server";

/**
 * Decision 085: on the server, Remix's Link (patched) writes the anchor for a path of the portal's
 * own without resolving it against the route matches. The same link given as an object takes the
 * router's whole way, so each case is rendered both ways, through the real entry module and server,
 * prop for prop, and the two anchors must be equal.
 */
const cases: LinkProps[] = [
  { to: "/procedures", children: "Trámites" },
  { to: "/procedures?modal=historial&instance=b7056444#proc-modal", className: "btn btn--secondary btn--sm", children: "Historial" },
  { to: "/procedures/chat/?instance=9108ae59", className: "btn btn--primary btn--sm", children: "Continuar" },
  { to: "/digital?q=ñandú y más&page=2", "aria-current": "page", className: "tabs__link", children: "Página 2" },
  { to: "/records/", id: "volver", title: "Volver", children: "Volver" },
  { to: "/datos", target: "_blank", rel: "noopener", children: "Tus datos" },
  { to: "/auth/logout", reloadDocument: true, children: "Salir" },
  { to: "/digital", discover: "none", children: "Sin descubrir" },
  { to: "/digital", prefetch: "intent", children: "Con intención" },
  { to: "/digital", prefetch: "render", children: "Al dibujar" },
  { to: "/digital", replace: true, state: { from: "x" }, preventScrollReset: true, relative: "path", children: "Estado" },
  { to: "/digital", onClick: () => {}, children: "Con clic" },
  // Not one of the portal's own paths: the router's whole way, as a string and as an object alike.
  { to: "/digital?", children: "Consulta vacía" },
  { to: "/digital#", children: "Fragmento vacío" },
  { to: "//otro.example/x", children: "Otro sitio" },
  { to: "https://ciudadano.provincia.gob.ar", rel: "noopener noreferrer", children: "Mi perfil" },
  { to: "summary?code=1", children: "Relativo" },
  { to: "../digital", children: "Arriba" },
  { to: "", children: "Aquí" },
];

/** The same `to` as an object, which the patch leaves to the router. */
function asObject(to: LinkProps["to"]): LinkProps["to"] {
  if (typeof to !== "string") return to;
  const hashAt = to.indexOf("#");
  const beforeHash = hashAt < 0 ? to : to.slice(0, hashAt);
  const searchAt = beforeHash.indexOf("?");
  return {
    pathname: searchAt < 0 ? beforeHash : beforeHash.slice(0, searchAt),
    search: searchAt < 0 ? "" : beforeHash.slice(searchAt),
    hash: hashAt < 0 ? "" : to.slice(hashAt),
  };
}

const build = documentBuild(
  {
    "routes/digital.archive": buildRoute("routes/digital.archive", "digital/archive", "root", {
      default: () => (
        <main>
          {cases.map((props, i) => (
            <div key={i}>
              <p data-case={`router-${i}`}>
                <Link {...props} to={asObject(props.to)} />
              </p>
              <p data-case={`direct-${i}`}>
                <Link {...props} />
              </p>
            </div>
          ))}
        </main>
      ),
    }),
  },
  entry,
);

const portal = servedPortal(build);

describe("Remix's Link on the server (decision 085)", () => {
  it("writes for a path of the portal's own the anchor the router would, for every kind of `to` and prop", async () => {
    const html = await (await fetch(`${portal.base}/digital/archive`)).text();
    const rendered = (name: string) => new RegExp(`<p data-case="${name}">(.*?)</p>`).exec(html)?.[1];
    cases.forEach((props, i) => {
      const router = rendered(`router-${i}`);
      const direct = rendered(`direct-${i}`);
      expect(direct, JSON.stringify(props.to)).toMatch(/^<a /);
      // An absolute URL as an object would be a path: only the string form says what it is.
      if (typeof props.to === "string" && /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(props.to)) expect(direct).not.toContain("data-discover");
      else expect(direct, JSON.stringify(props.to)).toBe(router);
    });
    expect(html).toContain(
      '<a class="btn btn--secondary btn--sm" data-discover="true" href="/procedures?modal=historial&amp;instance=b7056444#proc-modal">',
    );
    expect(html).toContain('<p data-case="direct-16"><a data-discover="true" href="/digital/archive/summary?code=1">Relativo</a>');
  });

  it("runs the patched Link", async () => {
    const { readFileSync } = await import("node:fs");
    const { createRequire } = await import("node:module");
    const file = createRequire(import.meta.url).resolve("@remix-run/react/dist/components.js");
    expect(readFileSync(file, "utf8"), "run `npm ci` (its postinstall applies patches/)").toContain("function serverAnchor(");
  });
});
