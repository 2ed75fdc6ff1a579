// ESLint: typescript-eslint's recommended rules, and the pure-core rule as a
// lint rule too (test/pure-core.test.ts checks it as well).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const NODE_ONLY = {
  patterns: [
    { group: ["node:*"], message: "The pure core runs in Deno and browsers too: no Node APIs here." },
    { group: ["**/pipeline/**", "**/tools/**", "**/runtime/server/**"], message: "The pure core imports only pure modules." },
  ],
};

export default tseslint.config(
  { ignores: ["node_modules/", "_site/", "_site*/", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: "readonly", process: "readonly", URL: "readonly", fetch: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-undef": "off", // TypeScript checks names
    },
  },
  {
    files: ["build-scripts/core/**/*.ts", "build-scripts/runtime/edge/**/*.ts", "build-scripts/runtime/browser/**/*.ts"],
    rules: { "no-restricted-imports": ["error", NODE_ONLY] },
  },
);
