// Issue #48: an operator's `npm run cli` once stopped the embedded database under a running
// `npm start`. Here the README's own commands share one checkout's data directory: the CLI and
// `npm start` are started in both orders and at once, the CLI ends, and the app keeps answering
// /v1 with the key the CLI made (docs/decisions/0024-embedded-database-outlives-short-lived-clients.md).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { serverAnswers, serverHolding } from "../../scripts/embedded-postgres";
import { freePort, spawnApp, type AppProcess } from "../support/test-stack";

const run = promisify(execFile);

type Checkout = { dataDir: string; pgPort: number; env: Record<string, string> };

async function checkout(): Promise<Checkout> {
  const pgPort = await freePort();
  const dataDir = `.data/cli-beside-start-${randomBytes(3).toString("hex")}`;
  return { dataDir, pgPort, env: { EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), JOB_RUNNER: "off" } };
}

/** `npm run cli -- create-key`, exactly as the README says; resolves to the key it printed. */
async function createKey(at: Checkout, org: string): Promise<{ key: string; stderr: string }> {
  const { stdout, stderr } = await run(
    "npm",
    ["run", "--silent", "cli", "--", "create-key", "--org", org, "--mode", "test"],
    {
      env: { ...process.env, ...at.env, DATABASE_URL: "" },
      timeout: 120_000,
    },
  );
  return { key: stdout.trim(), stderr };
}

/** Every /v1 call of the next three seconds answers 200 with the key. */
async function keepsAnswering(app: AppProcess, key: string) {
  const statuses: number[] = [];
  const until = Date.now() + 3000;
  while (Date.now() < until) {
    const res = await fetch(`${app.baseUrl}/v1/verification-sessions?limit=1`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(10_000),
    });
    statuses.push(res.status);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(statuses.length).toBeGreaterThan(5);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
}

async function cleanUp(at: Checkout, app: AppProcess | null) {
  await app?.stop();
  // The server is left running for whoever comes next (decision 0024): this test stops it.
  const holder = serverHolding(path.resolve(at.dataDir));
  if (holder) {
    process.kill(holder.pid, "SIGINT");
    await vi.waitFor(() => expect(serverHolding(path.resolve(at.dataDir))).toBeNull(), { timeout: 30_000 });
  }
  rmSync(at.dataDir, { recursive: true, force: true });
}

describe("npm run cli beside npm start, one data directory", () => {
  it(
    "the CLI starts the server, the app joins, the CLI ends: the app keeps answering",
    { timeout: 240_000 },
    async () => {
      const at = await checkout();
      let app: AppProcess | null = null;
      try {
        // A checkout after its first run: migrated, with a key; the CLI that did it stopped the server.
        const first = await createKey(at, "cli-first");
        expect(serverHolding(path.resolve(at.dataDir))).toBeNull();
        const cli = createKey(at, "cli-first");
        // The app starts once the CLI's server is up, while the CLI is still applying migrations.
        await vi.waitFor(async () => expect(await serverAnswers(at.pgPort)).toBe(true), {
          timeout: 60_000,
          interval: 100,
        });
        const starting = spawnApp({ databaseUrl: "", env: at.env });
        const second = await cli;
        app = await starting;
        // What the CLI said: it started the server and left it for the app, which had joined.
        expect(second.stderr).toContain("left running");
        await keepsAnswering(app, first.key);
        await keepsAnswering(app, second.key);
      } finally {
        await cleanUp(at, app);
      }
    },
  );

  it("the app first, then the CLI: the CLI ends and the app keeps answering", { timeout: 240_000 }, async () => {
    const at = await checkout();
    let app: AppProcess | null = null;
    try {
      await createKey(at, "app-first");
      app = await spawnApp({ databaseUrl: "", env: at.env });
      const { key, stderr } = await createKey(at, "app-first");
      expect(stderr).toContain("already running");
      await keepsAnswering(app, key);
    } finally {
      await cleanUp(at, app);
    }
  });

  it("both at once: the CLI ends and the app keeps answering", { timeout: 240_000 }, async () => {
    const at = await checkout();
    let app: AppProcess | null = null;
    try {
      await createKey(at, "together");
      const [cli, started] = await Promise.all([createKey(at, "together"), spawnApp({ databaseUrl: "", env: at.env })]);
      app = started;
      await keepsAnswering(app, cli.key);
    } finally {
      await cleanUp(at, app);
    }
  });
});
