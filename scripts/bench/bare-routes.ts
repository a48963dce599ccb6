/**
 * The framework's floor (decision 020, issue 39): a bare Remix 2.17 app with the portal's route
 * table. `npx tsx scripts/bench/bare-routes.ts` writes `scripts/bench/bare-routes/` (not committed:
 * made again from `app/routes` every time) — one route file for each of the portal's, under the same
 * name and so the same path and nesting, each rendering a trivial page with no loader; a root with
 * nothing but the document; the portal's own `future` flags — and builds it with the same compiler.
 * Served by the same portal server as the bare one-route app, it answers "what Remix alone costs
 * for a page of a 48-route app"; a page's cost over it is ours.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
export const bareRoutesDir = path.join(root, "scripts/bench/bare-routes");

/** The portal's route modules (what `remix.config.js` makes routes of), by file name. */
function routeFiles(): string[] {
  return fs
    .readdirSync(path.join(root, "app/routes"))
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.(ts|tsx)$/.test(f) && !f.startsWith("."));
}

export async function makeBareRoutesApp({ build = true }: { build?: boolean } = {}) {
  const { default: config } = (await import(pathToFileURL(path.join(root, "remix.config.js")).href)) as {
    default: { future: Record<string, boolean> };
  };
  fs.rmSync(bareRoutesDir, { recursive: true, force: true });
  fs.mkdirSync(path.join(bareRoutesDir, "app/routes"), { recursive: true });
  const write = (file: string, text: string) => fs.writeFileSync(path.join(bareRoutesDir, file), text);
  // The same dependencies as the one-route app (the compiler finds the server runtime by them).
  const bare = JSON.parse(fs.readFileSync(path.join(root, "scripts/bench/bare-remix/package.json"), "utf8")) as object;
  write("package.json", `${JSON.stringify({ ...bare, name: "bench-bare-routes" }, null, 2)}\n`);
  write(
    "remix.config.js",
    `// Made by scripts/bench/bare-routes.ts: the portal's future flags.\nexport default ${JSON.stringify(
      { serverModuleFormat: "esm", serverPlatform: "node", future: config.future },
      null,
      2,
    )};\n`,
  );
  // The one-route app's document, with the routes' outlet where that app has its page.
  const bareRoot = fs.readFileSync(path.join(root, "scripts/bench/bare-remix/app/root.tsx"), "utf8");
  const floorRoot = bareRoot
    .replace("import { Links, Meta, Scripts }", "import { Links, Meta, Outlet, Scripts }")
    .replace("/** The whole app: one route, no loader (decision 020). */\n", "")
    .replace("<h1>Hola</h1>", "<Outlet />");
  if (!floorRoot.includes("Outlet, Scripts") || !floorRoot.includes("<Outlet />"))
    throw new Error("bare-remix/app/root.tsx changed: update bare-routes.ts");
  write("app/root.tsx", floorRoot);
  const files = routeFiles();
  for (const file of files) {
    const name = file.replace(/\.(ts|tsx)$/, "");
    write(`app/routes/${name}.tsx`, `export default function Page() {\n  return <h1>${JSON.stringify(name)}</h1>;\n}\n`);
  }
  if (build)
    execFileSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build", bareRoutesDir], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
  return { dir: bareRoutesDir, routes: files.length + 1 };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const { dir, routes } = await makeBareRoutesApp();
  console.log(`${path.relative(process.cwd(), dir)}: ${routes} routes, built`);
}
