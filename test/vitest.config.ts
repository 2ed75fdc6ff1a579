import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    include: ["test/**/*.test.ts"],
    // test/slow/ takes minutes: run it with SLOW_TESTS=1 (docs/testing.md); CI does not.
    exclude: process.env.SLOW_TESTS ? configDefaults.exclude : [...configDefaults.exclude, "test/slow/**"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
