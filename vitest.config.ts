import path from "node:path";
import { defineConfig } from "vitest/config";

// Build output and data directories change while tests are collected (parallel builds).
const exclude = ["**/node_modules/**", "**/.git/**", ".next*/**", ".data/**"];
const beside = (suffix: string) => ["lib", "inngest", "scripts", "bench"].map((dir) => `${dir}/**/*${suffix}`);

// Three projects, by what a test needs (CONTRIBUTING.md, "Tests"):
// - unit: pure code, no set-up: `npx vitest run --project unit` needs no database and no build;
// - db: domain code against a fresh migrated database (`*.db.test.ts` beside the code);
// - http: the built app (`npm run build` first) on that database (`tests/**`).
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
    },
  },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: a little parallelism, not a stampede on the one app server.
    maxWorkers: 2,
    // Face inference runs at a lower CPU priority (its worker is niced); on a busy test machine it
    // waits behind the tests. Tests of the timeout itself set their own.
    env: { FACE_ESTIMATION_TIMEOUT_MS: "60000", FACE_ESTIMATION_PHOTO_BUDGET_MS: "60000" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // tests/architecture: the layout's own checks (lint fixtures, madge, docs paths) need no app.
          include: [...beside(".test.ts"), "tests/architecture/**/*.test.ts"],
          exclude: [...exclude, "**/*.db.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          // Nothing to reach: a test that touches the database by mistake fails at once.
          env: {
            DATABASE_URL: "postgresql://unit-tests-have-no-database@127.0.0.1:9/none",
            APP_URL: "http://127.0.0.1:3000",
          },
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: beside(".db.test.ts"),
          exclude,
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/worker-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "http",
          include: ["tests/**/*.test.ts"],
          exclude: [...exclude, "tests/architecture/**"],
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/worker-setup.ts"],
        },
      },
    ],
  },
});
