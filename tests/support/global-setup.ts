import type { TestProject } from "vitest/node";
import { ensureTestCertificates, extraCaBundleWithTestCa } from "./test-ca";
import { spawnApp, startTestDatabase, TEST_SECRETS } from "./test-stack";

declare module "vitest" {
  export interface ProvidedContext {
    /** The built app under test: only in the `http` project. */
    baseUrl: string | undefined;
    databaseUrl: string;
    caCertPath: string;
  }
}

type TestDatabase = Awaited<ReturnType<typeof startTestDatabase>>;
// The db and http projects' set-ups run in one process: they share one database (tests make
// their own organisations), started once and stopped after the last project is done.
const run = globalThis as typeof globalThis & { testDatabase?: { started: Promise<TestDatabase>; users: number } };

async function acquireTestDatabase(): Promise<{ database: TestDatabase; release: () => Promise<void> }> {
  run.testDatabase ??= { started: startTestDatabase(), users: 0 };
  const shared = run.testDatabase;
  shared.users += 1;
  const database = await shared.started;
  return {
    database,
    release: async () => {
      shared.users -= 1;
      if (shared.users > 0) return;
      run.testDatabase = undefined;
      await database.stop();
    },
  };
}

/**
 * By project: `unit` gets only the test CA (its loopback HTTPS receivers use it); `db` also the
 * run's fresh migrated database; `http` also the built app (`next start`) on it.
 */
export default async function setup(project: TestProject) {
  if (project.name === "unit") {
    trustTestCa(ensureTestCertificates().caCertPath);
    return;
  }
  const { database, release } = await acquireTestDatabase();
  const app =
    project.name === "http"
      ? await spawnApp({
          databaseUrl: database.databaseUrl,
          mode: process.env.TEST_APP_MODE === "dev" ? "dev" : "start",
        })
      : null;
  project.provide("baseUrl", app?.baseUrl);
  project.provide("databaseUrl", database.databaseUrl);
  project.provide("caCertPath", database.caCertPath);
  trustTestCa(database.caCertPath);
  return async () => {
    const logs = app?.output() ?? "";
    await app?.stop();
    await release();
    assertNoSecretsIn(logs);
  };
}

// Everything the suite's app wrote while the HTTP tests ran: no key, webhook secret, app secret
// or hosted-flow link (its 43-character token is a bearer credential) may appear in any line
// (tests send and create many of each).
const SECRET_SHAPES = [/sk_(?:test|live)_[A-Za-z0-9]{32,}/, /whsec_[A-Za-z0-9]{32}/, /\/verify\/[A-Za-z0-9]{43}\b/];

function assertNoSecretsIn(logs: string) {
  const leaks = logs
    .split("\n")
    .filter(
      (line) =>
        SECRET_SHAPES.some((shape) => shape.test(line)) ||
        Object.values(TEST_SECRETS).some((secret) => line.includes(secret)),
    );
  if (leaks.length > 0) throw new Error(`the app logged secrets:\n${leaks.slice(0, 5).join("\n")}`);
}

// Test workers are forked after this runs and read NODE_EXTRA_CA_CERTS at start-up, so domain
// code under test (e.g. manual webhook redelivery) trusts the test CA just like the app does.
function trustTestCa(caCertPath: string) {
  process.env.NODE_EXTRA_CA_CERTS = extraCaBundleWithTestCa(caCertPath, process.env.NODE_EXTRA_CA_CERTS);
}
