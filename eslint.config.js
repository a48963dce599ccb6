// ESLint (decision 066): typescript-eslint, React, hooks and jsx-a11y on the portal, and the import
// boundaries of decision 063: app/ and server/ never import each other; common/ imports neither.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const boundary = (message, groups) => ({
  "no-restricted-imports": ["error", { patterns: [{ group: groups, message }] }],
});

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
      ...boundary("app/ never imports server/ (decision 063): put a shared rule in common/.", ["**/server/**", "../server/*"]),
    },
  },
  {
    files: ["server/**/*.{ts,mjs}"],
    rules: boundary("server/ never imports app/ (decision 063): put a shared rule in common/.", ["**/app/**", "~/*"]),
  },
  {
    files: ["common/**/*.ts"],
    rules: boundary("common/ imports neither app/ nor server/ (decision 063).", ["**/app/**", "**/server/**", "~/*"]),
  },
);
