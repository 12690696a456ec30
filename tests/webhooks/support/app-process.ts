// Extra `next start` processes of the built app on a database of the caller's choosing, which
// the caller may kill (SIGKILL, as a crash) and start again: the restart and multi-process
// webhook tests need processes they control, beyond the suite's own app.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { generateApiKey, displayParts } from "@/lib/keys/key-format";
import { ensureTestCertificates } from "../../support/test-ca";
import { freePort, TEST_APP_ENV } from "../../support/test-stack";

export type AppProcess = {
  baseUrl: string;
  /** SIGKILL the whole process group: no graceful shutdown, like a crash. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
};

export async function startAppProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<AppProcess> {
  const { caCertPath } = ensureTestCertificates();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn("npx", ["next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...process.env,
      ...TEST_APP_ENV,
      ...env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      APP_URL: baseUrl,
      NODE_EXTRA_CA_CERTS: caCertPath,
      STORAGE_LOCAL_DIR: `.data/test-storage/${port}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output: string[] = [];
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
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
      throw new Error(`app did not become healthy:\n${output.join("")}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { baseUrl, kill: () => signal("SIGKILL"), stop: () => signal("SIGTERM") };
}

/** A new organisation with a test key, written straight into the given database. */
export async function createOrgWithTestKey(databaseUrl: string): Promise<{ orgId: string; key: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orgId = `org_${randomBytes(12).toString("hex")}`;
    const key = generateApiKey("test");
    const { prefix, last4 } = displayParts(key);
    await client.query(`insert into "Organization" (id, name) values ($1, $2)`, [orgId, `wh-${orgId}`]);
    await client.query(
      `insert into "ApiKey" (id, "orgId", mode, prefix, last4, "keyHash") values ($1, $2, 'test', $3, $4, $5)`,
      [`key_${randomBytes(12).toString("hex")}`, orgId, prefix, last4, createHash("sha256").update(key).digest("hex")],
    );
    return { orgId, key };
  } finally {
    await client.end();
  }
}

/** JSON calls to /v1 of a given app process. */
export function apiAt(baseUrl: () => string) {
  return async function call<T = any>(method: string, path: string, key: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}
