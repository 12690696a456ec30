// Starts what the integration and browser tests run against: a fresh database on the
// embedded PostgreSQL server (or on TEST_DATABASE_SERVER_URL's server), migrated, and the
// built app (`next start`) on a free loopback port, configured for tests.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { startEmbeddedPostgres } from "../../scripts/embedded-postgres";
import { ensureTestCertificates } from "./test-ca";

export type TestStack = { baseUrl: string; databaseUrl: string; caCertPath: string; stop: () => Promise<void> };

/** Environment of the app under test; tests rely on these values. */
export const TEST_APP_ENV: Record<string, string> = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  WEBHOOK_RETRY_SCHEDULE: "1,1,1,1",
  WEBHOOK_TIMEOUT_MS: "10000",
  JOB_POLL_INTERVAL_MS: "100",
  RATE_LIMIT_PER_MINUTE: "100",
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function createFreshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  // DATABASE_URL given: the suite runs against that server, in a database of its own.
  const serverUrl = process.env.DATABASE_URL;
  let stopEmbedded = async () => {};
  let adminUrl: string;
  if (serverUrl) {
    adminUrl = serverUrl;
  } else {
    // A data directory per port, so test runs on different ports can share one checkout.
    const port = process.env.TEST_PG_PORT;
    const embedded = await startEmbeddedPostgres({
      dataDir: port ? `.data/test-postgres-${port}` : ".data/test-postgres",
      port: Number(port ?? 54339),
      database: "postgres",
      quiet: true,
    });
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
      await client.end();
      await stopEmbedded();
    },
  };
}

async function waitForHealthy(baseUrl: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`app did not become healthy at ${baseUrl}`);
}

export async function startTestStack(options: { env?: Record<string, string> } = {}): Promise<TestStack> {
  const database = await createFreshDatabase();
  const migrate = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: database.url },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrate deploy failed: ${migrate.stderr}`);

  const { caCertPath } = ensureTestCertificates();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const mode = process.env.TEST_APP_MODE === "dev" ? "dev" : "start";
  const app = spawn("npx", ["next", mode, "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      ...TEST_APP_ENV,
      ...options.env,
      NODE_ENV: mode === "dev" ? "development" : "production",
      DATABASE_URL: database.url,
      APP_URL: baseUrl,
      NODE_EXTRA_CA_CERTS: caCertPath,
      STORAGE_LOCAL_DIR: `.data/test-storage/${port}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output: string[] = [];
  app.stdout?.on("data", (chunk) => output.push(String(chunk)));
  app.stderr?.on("data", (chunk) => {
    output.push(String(chunk));
    if (process.env.TEST_APP_LOGS) process.stderr.write(chunk);
  });
  try {
    await waitForHealthy(baseUrl, app);
  } catch (error) {
    console.error(output.join(""));
    throw error;
  }

  return {
    baseUrl,
    databaseUrl: database.url,
    caCertPath,
    stop: async () => {
      if (app.exitCode === null && app.pid) {
        const exited = new Promise((resolve) => app.once("exit", resolve));
        process.kill(-app.pid, "SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (app.exitCode === null) process.kill(-app.pid, "SIGKILL");
      }
      await database.drop();
    },
  };
}

/**
 * Another `next start` of the same build on an existing (already migrated) database, e.g. a
 * second app instance next to the suite's, to show that state kept in the database (the rate
 * limit, idempotency keys) holds across instances. The caller stops it.
 */
export async function startAppInstance(options: {
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<{ baseUrl: string; pid: number | undefined; stop: () => Promise<void> }> {
  const { caCertPath } = ensureTestCertificates();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      ...TEST_APP_ENV,
      JOB_RUNNER: "off",
      ...options.env,
      NODE_ENV: "production",
      DATABASE_URL: options.databaseUrl,
      APP_URL: baseUrl,
      NODE_EXTRA_CA_CERTS: caCertPath,
      STORAGE_LOCAL_DIR: `.data/test-storage/${port}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output: string[] = [];
  app.stdout?.on("data", (chunk) => output.push(String(chunk)));
  app.stderr?.on("data", (chunk) => output.push(String(chunk)));
  const stop = async () => {
    if (app.exitCode === null && app.signalCode === null && app.pid) {
      const exited = new Promise((resolve) => app.once("exit", resolve));
      process.kill(-app.pid, "SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (app.exitCode === null && app.signalCode === null) process.kill(-app.pid, "SIGKILL");
    }
  };
  try {
    await waitForHealthy(baseUrl, app);
  } catch (error) {
    console.error(output.join(""));
    await stop();
    throw error;
  }
  return { baseUrl, pid: app.pid, stop };
}
