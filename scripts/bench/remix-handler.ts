/**
 * `npx tsx scripts/bench/remix-handler.ts BUILD… [--path /digital] [--rounds 12]` (issue 39): the CPU
 * Remix's request handler alone spends per page view, in this process, no HTTP and no API: for each
 * server build given (e.g. the framework's floor, `scripts/bench/bare-routes/build/index.js`, built
 * once with lazy route discovery on and once off), one handler over the whole build and the
 * handlers per first path segment of decision 044. A view is the document and, where the build has
 * lazy discovery, the `/__manifest` request a browser sends with it (the paths of the portal's
 * `/digital` menu and page). Batches of 100 views, every variant in turn, the order reversed every
 * other round; the first two rounds are warm-up. Prints the median CPU per view and its ratio to
 * the first variant. A loaded machine slows every variant of a round alike.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { createRequestHandler, installGlobals, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { handlerPerSegment } from "../../portal/route-segments.js";

const { values: args, positionals: builds } = parseArgs({
  allowPositionals: true,
  options: { path: { type: "string", default: "/digital" }, rounds: { type: "string", default: "12" } },
});
if (builds.length === 0) throw new Error("give one or more server builds (build/index.js)");
installGlobals({ nativeFetch: false });

const MENU = ["/accesibilidad", "/comprobantes", "/datos", "/digital", "/digital/archive", "/digital/settings", "/digital/summary"];
type Variant = { name: string; urls: string[]; handlerFor: (url: string) => ReturnType<typeof createRequestHandler> };
const variants: Variant[] = [];
for (const file of builds) {
  const build = (await import(pathToFileURL(path.resolve(file)).href)) as ServerBuild;
  const make = (b: ServerBuild) => createRequestHandler(b, "production");
  const whole = make(build);
  const perSegment = handlerPerSegment(build, make);
  const lazy = build.future.v3_lazyRouteDiscovery === true;
  const manifest = `/__manifest?${[...MENU, "/procedures", "/records"].map((p) => `p=${encodeURIComponent(p)}`).join("&")}&version=${build.assets.version}`;
  const urls = lazy ? [args.path, manifest] : [args.path];
  const label = `${file} (discovery ${lazy ? "on: document + /__manifest" : "off: document"})`;
  variants.push({ name: `${label}, whole build`, urls, handlerFor: () => whole });
  variants.push({ name: `${label}, per segment`, urls, handlerFor: perSegment });
}

async function batch(variant: Variant, views: number) {
  const before = process.cpuUsage();
  for (let i = 0; i < views; i++)
    for (const url of variant.urls) {
      const response = await variant.handlerFor(url)(new Request(`http://localhost${url}`), {} as AppLoadContext);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${variant.name} ${url}: ${response.status}`);
    }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / views;
}

const perView = new Map<string, number[]>();
for (let round = 0; round < Number(args.rounds); round++)
  for (const variant of round % 2 ? [...variants].reverse() : variants) {
    const ms = await batch(variant, 100);
    if (round >= 2) perView.set(variant.name, [...(perView.get(variant.name) ?? []), ms]);
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first = median(perView.get(variants[0].name)!);
for (const v of variants) {
  const m = median(perView.get(v.name)!);
  console.log(`${m.toFixed(3).padStart(7)} ms per view  ${(m / first).toFixed(2)} x  ${v.name}`);
}
