// ESLint (decision 025): typescript-eslint, React, hooks and jsx-a11y on the portal, and the import
// boundaries of decision 063: app/ and server/ never import each other; common/ imports neither; inside
// app/, a layer imports only the layers below it.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const boundary = (message, groups) => ({
  "no-restricted-imports": ["error", { patterns: [{ group: groups, message }] }],
});

const APP_NOT_SERVER = {
  group: ["**/server/**", "../server/*"],
  message: "app/ never imports server/ (decision 063): put a shared rule in common/.",
};

/**
 * The app's links go through `~/ui/Link` (decision 076, rule 7): on the server it writes a link to an
 * own path without Remix's route matching. Only that module and its server half import Remix's.
 */
const REMIX_LINK = {
  name: "@remix-run/react",
  importNames: ["Link", "NavLink"],
  message: "Import Link from ~/ui/Link (decision 076, rule 7): on the server it writes an own path's link without Remix's route matching.",
};
const APP_LINK_FILES = ["app/ui/Link.tsx", "app/ui/link.server.tsx"];

/**
 * The layers inside app/, top down (decision 063, docs/architecture.md): routes/ and root.tsx, features/,
 * ui/, lib/, api/, env.server.ts. Each layer's files, and the layers above them, which they may not
 * import, by `~/` or by a relative path. A layer's block repeats the server/ fence: a later block's
 * `no-restricted-imports` replaces an earlier one's.
 */
const APP_LAYERS = [
  ["app/features/**/*.{ts,tsx}", ["routes", "root"]],
  ["app/ui/**/*.{ts,tsx}", ["routes", "root", "features"]],
  ["app/lib/**/*.{ts,tsx}", ["routes", "root", "features", "ui"]],
  ["app/api/**/*.{ts,tsx}", ["routes", "root", "features", "ui", "lib"]],
  ["app/env.server.ts", ["routes", "root", "features", "ui", "lib", "api"]],
];
const UI_ABOVE = APP_LAYERS.find(([files]) => files.startsWith("app/ui/"))[1];
const layerFence = (above) => ({
  regex: `^(~/|(\\.\\./)+)(${above.join("|")})(/|$)`,
  message: `Inside app/, a layer imports only those below it: routes → features → ui → lib → api → env.server.ts (decision 063); not ${above.join(", ")} from here.`,
});

/**
 * Queries live in repositories (decision 063): in server/, a Kysely query builder (`selectFrom`,
 * `insertInto`, `updateTable`, `deleteFrom`, `replaceInto`, `mergeInto`) or a `sql` template is written
 * only in a file named `*repository.ts`. `.transaction()` stays in services: they keep the rules and the
 * transactions, a repository function takes `db` or the transaction first.
 */
const QUERIES_IN_REPOSITORIES = {
  "no-restricted-syntax": [
    "error",
    {
      selector: "MemberExpression[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]",
      message: "A query belongs in its area's repository (a `*repository.ts` file, decision 063); call a named function from there.",
    },
    {
      selector: "TaggedTemplateExpression[tag.name='sql']",
      message: "SQL belongs in its area's repository (a `*repository.ts` file, decision 063); call a named function from there.",
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "**/build/**",
      "dist/**",
      "**/public/build/**",
      "data/**",
      ".cache/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
      // A labelled scrolling region must take focus so the keyboard can scroll it (WCAG 2.1.1).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"] }],
      "no-restricted-imports": ["error", { paths: [REMIX_LINK], patterns: [APP_NOT_SERVER] }],
    },
  },
  ...APP_LAYERS.map(([files, above]) => ({
    files: [files],
    rules: { "no-restricted-imports": ["error", { paths: [REMIX_LINK], patterns: [APP_NOT_SERVER, layerFence(above)] }] },
  })),
  // Later than the layers' blocks, so its rule replaces theirs for these two files: ui/'s fences, no REMIX_LINK.
  {
    files: APP_LINK_FILES,
    rules: { "no-restricted-imports": ["error", { patterns: [APP_NOT_SERVER, layerFence(UI_ABOVE)] }] },
  },
  {
    files: ["server/**/*.{ts,mjs}"],
    rules: boundary("server/ never imports app/ (decision 063): put a shared rule in common/.", ["**/app/**", "~/*"]),
  },
  {
    files: ["server/**/*.{ts,mjs}"],
    ignores: [
      "server/**/*repository.ts",
      // The database layer itself: the connection and its checks, migrations (schema changes, their own
      // SQL) and the migrator; and the seeds (reference and demo data written directly, as a migration would).
      "server/db/**",
      "server/seed/**",
      // oidc-provider's storage adapter: the class is the provider's repository interface, its methods
      // (upsert, find, consume, destroy…) the provider's names, one query each.
      "server/auth/oidc/adapter.ts",
    ],
    rules: QUERIES_IN_REPOSITORIES,
  },
  {
    files: ["common/**/*.ts"],
    rules: boundary("common/ imports neither app/ nor server/ (decision 063).", ["**/app/**", "**/server/**", "~/*"]),
  },
);
