// The portal under test talks to a mocked backend at the network boundary (msw).
process.env.API_BASE_URL = "http://api.test";
process.env.SESSION_SECRET = "portal-tests-key-0123456789abcdef0123456789";
process.env.PORTAL_URL = "http://localhost:3000";
process.env.OIDC_ISSUER = "http://idp.test";
// The province's own logout page's origin (issue 36: no other is followed).
process.env.LOGOUT_URL_ORIGINS = "https://salir.provincia.example";
process.env.API_TIMEOUT_MS = "300";
process.env.REFERENCE_CACHE_MS = "0"; // reference data asked every time, as each test sets its own (decision 047)

import { afterEach, expect } from "vitest";
import { takeUnhandled } from "./unhandled";

// Every backend call a test makes must meet a handler (see `failOnUnhandled`).
afterEach(async () => {
  // What a process learnt of the backend's extensions belongs to the test that taught it (imported
  // here, not above: the portal's modules read the environment this file sets when they load).
  (await import("~/api/extensions.server")).forgetExtensions();
  expect(takeUnhandled(), "backend calls without an msw handler").toEqual([]);
});
