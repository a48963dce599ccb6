/**
 * The bench's outside baseline (decision 020): a minimal Remix 2.17 app — one route (the root),
 * no loader — built with the same compiler and served by the same server as the portal.
 * `npm run bench` builds it into ./build and ./public/build.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
