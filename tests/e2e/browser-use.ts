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
