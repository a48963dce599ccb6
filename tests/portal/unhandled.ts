// No import of the portal here: tests/portal/setup.ts loads this before the environment is set.
const unhandled: string[] = [];

/**
 * msw's `onUnhandledRequest` for every portal test: the call fails as a network error would, and
 * the test fails too (tests/portal/setup.ts checks after each test), so no backend call goes
 * unanswered by accident. A test that wants a failure says so with a handler that fails.
 */
export function failOnUnhandled(request: Request, print: { error(): void }) {
  unhandled.push(`${request.method} ${request.url}`);
  print.error();
}

/** The unhandled calls since the last look (and forgets them). */
export const takeUnhandled = () => unhandled.splice(0);
