/**
 * What every browser suite asks of Chromium: Debian's build (never a downloaded one), the province's
 * locale and time zone, and the flags that keep it off the network on these machines.
 */
export const browserUse = (baseURL: string) => ({
  baseURL,
  locale: "es-AR",
  timezoneId: "America/Argentina/Buenos_Aires",
  trace: "off" as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
});

/** The ports of a browser suite's stack (E2E_PORTAL_PORT, E2E_API_PORT, E2E_OIDC_PORT; 3100, 4100, 4101). */
export const stackPorts = () => ({
  portal: Number(process.env.E2E_PORTAL_PORT ?? 3100),
  api: Number(process.env.E2E_API_PORT ?? 4100),
  oidc: Number(process.env.E2E_OIDC_PORT ?? 4101),
});

/** The stack a browser suite starts: `command` on those ports and `dataDir`, seeded, ready when the portal's /health answers; `env` adds to its environment. */
export const stackServer = (options: {
  command: string;
  ports: ReturnType<typeof stackPorts>;
  dataDir: string;
  timeout: number;
  env?: Record<string, string>;
}) => ({
  command: options.command,
  url: `http://localhost:${options.ports.portal}/health`,
  reuseExistingServer: false,
  timeout: options.timeout,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: {
    DATA_DIR: options.dataDir,
    PORT: String(options.ports.portal),
    API_PORT: String(options.ports.api),
    OIDC_PORT: String(options.ports.oidc),
    ...options.env,
    SEED: "1",
    NODE_ENV: "test",
  },
});
