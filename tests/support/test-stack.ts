// Starts what the integration and browser tests run against: a fresh database on the
// embedded PostgreSQL server (or on DATABASE_URL's server), migrated, and the
// built app (`next start`) on a free loopback port, configured for tests.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { freePort, serverHolding, startEmbeddedPostgres } from "../../scripts/embedded-postgres";

export { freePort };
import { ensureTestCertificates } from "./test-ca";

export type TestStack = { baseUrl: string; databaseUrl: string; caCertPath: string; stop: () => Promise<void> };

/**
 * Secrets of the app under test (a production build, which refuses the dev-only defaults).
 * The test processes use the same ones: they decrypt what the app encrypted (webhook secrets)
 * and sign what the app verifies.
 */
export const TEST_SECRETS = {
  APP_SECRET: "test-suite-app-secret-0123456789abcdefghijklmnop",
  AUTH_SECRET: "test-suite-auth-secret-0123456789abcdefghijklmno",
};

/** Environment of the app under test; tests rely on these values. */
const TEST_APP_ENV: Record<string, string> = {
  ...TEST_SECRETS,
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: "true",
  WEBHOOK_RETRY_SCHEDULE: "1,1,1,1",
  WEBHOOK_TIMEOUT_MS: "10000",
  JOB_POLL_INTERVAL_MS: "100",
  RATE_LIMIT_PER_MINUTE: "100",
  // The suite plays a proxy of ours: its X-Forwarded-For picks the address the per-address
  // limits count (rate-limit.test.ts shows a forged one is ignored without this).
  TRUST_PROXY_HOPS: "1",
  // Mail stays in the outbox (a production build refuses that otherwise): browser tests read it
  // at /dashboard/outbox; SMTP itself is tested against a loopback server (lib/platform/mail/).
  MAIL_OUTBOX_IN_PRODUCTION: "1",
  // The en-XA pseudo-locale, which browser tests switch to (docs/age-verification.md, "Languages").
  PSEUDO_LOCALE: "1",
  // Inference runs at a lower CPU priority than the app; on a busy test machine it waits longer.
  FACE_ESTIMATION_TIMEOUT_MS: "60000",
  FACE_ESTIMATION_PHOTO_BUDGET_MS: "60000",
};

export type ScratchDatabase = {
  url: string;
  /** The embedded server's postmaster, when this started one (not with DATABASE_URL). */
  postmasterPid?: number;
  drop: () => Promise<void>;
};

/**
 * A new, empty database named `<prefix>_<time>_<random>`: on DATABASE_URL's server when it is
 * set, otherwise on an embedded server with the given data directory and port (its own, so
 * never a server another run is using). `drop` removes it and stops the embedded server.
 */
export async function createScratchDatabase(options: {
  prefix: string;
  dataDir: string;
  port: number;
  /** Flush to disk as a production server does (the bench); tests skip it for speed. */
  durable?: boolean;
  /** An embedded server of its own even when DATABASE_URL is set (a test that stops its server). */
  ownServer?: boolean;
}): Promise<ScratchDatabase> {
  const name = `${options.prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const serverUrl = options.ownServer ? undefined : process.env.DATABASE_URL;
  const embedded = serverUrl
    ? null
    : await startEmbeddedPostgres({
        dataDir: options.dataDir,
        port: options.port,
        database: "postgres",
        quiet: true,
        durable: options.durable ?? false,
      });
  const adminUrl = serverUrl ?? embedded!.url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    postmasterPid: embedded
      ? Number(readFileSync(path.join(options.dataDir, "postmaster.pid"), "utf8").split("\n")[0])
      : undefined,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
      await client.end();
      await embedded?.stop();
    },
  };
}

/**
 * The test suite's database, on a server of its own: on a free port unless TEST_PG_PORT names
 * one, so a run never collides with another checkout's app or tests. A data directory per
 * TEST_PG_PORT lets runs on different ports share one checkout.
 */
async function createFreshDatabase(): Promise<ScratchDatabase> {
  const pinned = process.env.TEST_PG_PORT;
  const dataDir = pinned ? `.data/test-postgres-${pinned}` : ".data/test-postgres";
  // A second stack of the same run (a spec that needs its own app) shares the running server.
  const port = pinned ? Number(pinned) : (serverHolding(path.resolve(dataDir))?.port ?? (await freePort()));
  return createScratchDatabase({ prefix: "test", dataDir, port });
}

/** A fresh database with every migration applied. */
export async function createMigratedDatabase(): Promise<ScratchDatabase> {
  const database = await createFreshDatabase();
  const migrate = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: database.url },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrate deploy failed: ${migrate.stderr}`);
  return database;
}

/**
 * The suite's database: fresh, migrated, with the test CA written and the test secrets set.
 * Test workers are forked after this runs (vitest and Playwright global set-up) and inherit
 * the environment.
 */
export async function startTestDatabase(): Promise<{
  databaseUrl: string;
  caCertPath: string;
  stop: () => Promise<void>;
}> {
  Object.assign(process.env, TEST_SECRETS);
  const database = await createMigratedDatabase();
  const { caCertPath } = ensureTestCertificates();
  return { databaseUrl: database.url, caCertPath, stop: () => database.drop() };
}

/** The suite's database plus the built app (`next start`) on it. */
export async function startTestStack(options: { env?: Record<string, string> } = {}): Promise<TestStack> {
  const database = await startTestDatabase();
  const app = await spawnApp({
    databaseUrl: database.databaseUrl,
    env: options.env,
    mode: process.env.TEST_APP_MODE === "dev" ? "dev" : "start",
  });
  return {
    baseUrl: app.baseUrl,
    databaseUrl: database.databaseUrl,
    caCertPath: database.caCertPath,
    stop: async () => {
      await app.stop();
      await database.stop();
    },
  };
}

/**
 * Another `next start` of the same build on an existing (already migrated) database, e.g. a
 * second app instance next to the suite's, to show that state kept in the database (the rate
 * limit, idempotency keys) holds across instances. Its job runner is off unless env says
 * otherwise. The caller stops it.
 */
export async function startAppInstance(options: { databaseUrl: string; env?: Record<string, string> }) {
  return spawnApp({ databaseUrl: options.databaseUrl, env: { JOB_RUNNER: "off", ...options.env } });
}

export type AppProcess = {
  baseUrl: string;
  pid: number | undefined;
  /** SIGKILL the whole process group: no graceful shutdown, like a crash. */
  kill: () => Promise<void>;
  /** SIGTERM, then SIGKILL after 5 seconds. */
  stop: () => Promise<void>;
  /** Everything the app wrote to stdout and stderr so far (its log lines). */
  output: () => string;
};

/**
 * One app process (its own process group) on a free loopback port, configured for tests,
 * resolved once /health answers. Its output is printed if it fails to start, and as it comes
 * with TEST_APP_LOGS=1.
 */
export async function spawnApp(options: {
  /** "" for the README's own `npm start`: with-db then starts or shares the embedded server. */
  databaseUrl: string;
  env?: Record<string, string>;
  mode?: "start" | "dev";
}): Promise<AppProcess> {
  const mode = options.mode ?? "start";
  const { caCertPath } = ensureTestCertificates();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const listen = ["-p", String(port), "-H", "127.0.0.1"];
  const [command, ...args] =
    options.databaseUrl === "" ? ["npm", "start", "--", ...listen] : ["npx", "next", mode, ...listen];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      ...TEST_APP_ENV,
      ...options.env,
      NODE_ENV: mode === "dev" ? "development" : "production",
      DATABASE_URL: options.databaseUrl,
      APP_URL: baseUrl,
      NODE_EXTRA_CA_CERTS: caCertPath,
      STORAGE_LOCAL_DIR: `.data/test-storage/${port}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output: string[] = [];
  const echo = Boolean(process.env.TEST_APP_LOGS);
  const collect = (chunk: Buffer) => {
    output.push(String(chunk));
    if (echo) process.stderr.write(chunk);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signal = async (name: NodeJS.Signals) => {
    if (!alive() || !child.pid) return;
    process.kill(-child.pid, name);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (alive()) process.kill(-child.pid, "SIGKILL");
    await exited;
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!alive()) throw new Error(`app exited early:\n${output.join("")}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await signal("SIGKILL");
      throw new Error(`app did not become healthy at ${baseUrl}:\n${output.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    pid: child.pid,
    kill: () => signal("SIGKILL"),
    stop: () => signal("SIGTERM"),
    output: () => output.join(""),
  };
}
