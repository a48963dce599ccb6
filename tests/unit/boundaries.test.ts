import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The import boundaries of decision 063 (eslint.config.js), on samples and on the whole tree: app/,
 * server/ and common/, and the layers inside app/. Only that rule runs (the whole configuration over
 * the tree took a minute on a loaded machine).
 */
const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === "no-restricted-imports" });

async function restricted(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import boundaries", { timeout: 60_000 }, () => {
  it("refuses server/ importing app/", async () => {
    expect(await restricted("server/domain/x.ts", 'import { a } from "../../app/lib/a";\nexport const b = a;\n')).toHaveLength(1);
  });

  it("refuses app/ importing server/", async () => {
    expect(await restricted("app/features/x.ts", 'import { a } from "../../server/errors";\nexport const b = a;\n')).toHaveLength(1);
  });

  it("refuses common/ importing either side", async () => {
    expect(await restricted("common/x.ts", 'import { a } from "../app/lib/a";\nexport const b = a;\n')).toHaveLength(1);
    expect(await restricted("common/y.ts", 'import { a } from "../server/errors";\nexport const b = a;\n')).toHaveLength(1);
  });

  it("lets both sides import common/", async () => {
    expect(await restricted("server/domain/x.ts", 'import { a } from "../../../common/limits.js";\nexport const b = a;\n')).toEqual([]);
    expect(await restricted("app/features/x.ts", 'import { a } from "@common/limits";\nexport const b = a;\n')).toEqual([]);
  });

  it("refuses a layer of app/ importing one above it, by ~/ or by a relative path", async () => {
    const sample = (from: string) => `import { a } from "${from}";\nexport const b = a;\n`;
    expect(await restricted("app/lib/x.server.ts", sample("~/features/shell/Shell"))).toHaveLength(1);
    expect(await restricted("app/lib/messages/x.ts", sample("../../features/shell/Shell"))).toHaveLength(1);
    expect(await restricted("app/lib/x.server.ts", sample("~/ui/Button"))).toHaveLength(1);
    expect(await restricted("app/api/x.server.ts", sample("~/lib/session.server"))).toHaveLength(1);
    expect(await restricted("app/api/x.server.ts", sample("../lib/headers.server"))).toHaveLength(1);
    expect(await restricted("app/ui/X.tsx", sample("~/features/shell/Shell"))).toHaveLength(1);
    expect(await restricted("app/features/shell/x.ts", sample("~/routes/error"))).toHaveLength(1);
    expect(await restricted("app/features/shell/x.ts", sample("~/root"))).toHaveLength(1);
    expect(await restricted("app/env.server.ts", sample("~/api/schemas"))).toHaveLength(1);
  });

  it("lets a layer of app/ import those below it, and its own files", async () => {
    const sample = (from: string) => `import { a } from "${from}";\nexport const b = a;\n`;
    for (const from of ["~/ui/Button", "~/lib/session.server", "~/api/client.server", "~/env.server", "~/features/instances/sort"]) {
      expect(await restricted("app/features/records/x.ts", sample(from))).toEqual([]);
    }
    expect(await restricted("app/ui/X.tsx", sample("../lib/messages/common"))).toEqual([]);
    expect(await restricted("app/lib/x.server.ts", sample("~/api/client.server"))).toEqual([]);
    expect(await restricted("app/lib/x.server.ts", sample("./session.server"))).toEqual([]);
    expect(await restricted("app/api/x.server.ts", sample("~/env.server"))).toEqual([]);
    expect(await restricted("app/routes/x.tsx", sample("~/features/shell/Shell"))).toEqual([]);
  });

  it("hold in today's tree: no file of server/, app/ or common/ imports across, no layer of app/ upwards", async () => {
    const root = path.resolve(__dirname, "../..");
    const sources = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
        const rel = path.join(dir, e.name);
        return e.isDirectory() ? sources(rel) : /\.(tsx?|mjs|js)$/.test(e.name) ? [rel] : [];
      });
    const files = ["server", "app", "common"].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const messages = await restricted(file, fs.readFileSync(path.join(root, file), "utf8"));
      for (const message of messages) found.push(`${file}: ${message}`);
    }
    expect(found).toEqual([]);
  });
});
