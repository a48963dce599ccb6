import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Queries live in repositories (decision 063, eslint.config.js): in server/, a query builder or a `sql`
 * template outside a `*repository.ts` file is refused; server/db/ is the named exception. Only that
 * rule runs, on samples.
 */
const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === "no-restricted-syntax" });

async function refused(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").length;
}

const QUERY =
  'import type { DbOrTx } from "../../db/index.js";\nexport const f = (db: DbOrTx) => db.selectFrom("citizens").selectAll().execute();\n';
const WRITE = 'import type { DbOrTx } from "../../db/index.js";\nexport const f = (db: DbOrTx) => db.deleteFrom("files").execute();\n';
const SQL = 'import { sql } from "kysely";\nexport const q = sql`select 1`;\n';

describe("queries only in repositories", { timeout: 60_000 }, () => {
  it("refuses a query or a sql template in a service, a route or the operator's API", async () => {
    expect(await refused("server/domain/x/service.ts", QUERY)).toBe(1);
    expect(await refused("server/domain/x/service.ts", WRITE)).toBe(1);
    expect(await refused("server/http/x/routes.ts", SQL)).toBe(1);
    expect(await refused("server/operator/x.ts", QUERY)).toBe(1);
  });

  it("lets a repository, server/db/ and a transaction in a service be", async () => {
    expect(await refused("server/domain/x/repository.ts", QUERY)).toBe(0);
    expect(await refused("server/mail/x-repository.ts", SQL)).toBe(0);
    expect(await refused("server/db/migrations/9999_x.ts", SQL)).toBe(0);
    const transaction =
      'import type { Db } from "../../db/index.js";\nexport const f = (db: Db) => db.transaction().execute(async () => 1);\n';
    expect(await refused("server/domain/x/service.ts", transaction)).toBe(0);
  });
});
