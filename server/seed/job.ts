/**
 * A one-shot job on this release's database (`npm run seed`: server/seed/run.ts; the image's
 * `migrate` job: deploy/image/migrate.ts): the configuration read, the database opened and
 * migrated by `open`, `work` done with it, the database closed. A configuration error is said line
 * by line; any failure sets exit code 1.
 */
import { ConfigError, loadConfig, type Config } from "../config.js";
import type { openMigratedDatabase } from "../db/migrate.js";

type Opened = Awaited<ReturnType<typeof openMigratedDatabase>>;

export async function databaseJob(open: (config: Config) => Promise<Opened>, work: (opened: Opened, config: Config) => Promise<void>) {
  try {
    const config = loadConfig();
    const opened = await open(config);
    try {
      await work(opened, config);
    } finally {
      await opened.db.destroy();
    }
  } catch (error) {
    if (error instanceof ConfigError) for (const line of error.lines()) console.error(line);
    else console.error(error);
    process.exitCode = 1;
  }
}
