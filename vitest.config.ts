import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "inngest/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
    // Build output and data directories change while tests are collected (parallel builds).
    exclude: ["**/node_modules/**", "**/.git/**", ".next*/**", ".data/**"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/worker-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: a little parallelism, not a stampede on the one app server.
    maxWorkers: 2,
  },
});
