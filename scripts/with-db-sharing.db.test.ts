// Issue #48: a short-lived `npm run cli` took the running app's embedded database down. Here the
// CLI (with-db running a command that ends) and the app (with-db running a process that holds a
// pool and queries every 100 ms, as the app does) share one data directory and port, started in
// both orders and at once; the CLI ends; the app keeps answering. What is left running is stopped
// by the test itself.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

const WITH_DB = path.resolve("scripts/with-db.ts");
// The app's stand-in: a pool of its own, one query every 100 ms, each answer a line.
const APP = `
const { default: pg } = await import("pg");
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2, connectionTimeoutMillis: 1000 });
pool.on("error", () => {});
setInterval(() => pool.query("select 1").then(() => console.log("ok"), (e) => console.log("fail " + e.message)), 100);
`;

type Running = { child: ChildProcess; lines: string[]; stderr: string[] };

function withDb(dataDir: string, port: number, ...command: string[]): Running {
  const child = spawn("npx", ["tsx", WITH_DB, ...command], {
    env: { ...process.env, DATABASE_URL: "", EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const running: Running = { child, lines: [], stderr: [] };
  child.stdout!.on("data", (chunk: Buffer) => running.lines.push(...chunk.toString().trim().split("\n")));
  child.stderr!.on("data", (chunk: Buffer) => running.stderr.push(chunk.toString()));
  return running;
}

const app = (dataDir: string, port: number, bootSeconds = 0) =>
  withDb(
    dataDir,
    port,
    "node",
    "--input-type=module",
    "-e",
    `await new Promise((resolve) => setTimeout(resolve, ${bootSeconds * 1000})); ${APP.replaceAll("\n", " ")}`,
  );
const cli = (dataDir: string, port: number, seconds: number) => withDb(dataDir, port, "sleep", String(seconds));

async function end(running: Running) {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  process.kill(-running.child.pid!, "SIGTERM");
  await once(running.child, "exit");
}

async function stopServer(dataDir: string) {
  const { serverHolding } = await import("./embedded-postgres");
  const holder = serverHolding(path.resolve(dataDir));
  if (!holder) return;
  process.kill(holder.pid, "SIGINT");
  await vi.waitFor(() => expect(serverHolding(path.resolve(dataDir))).toBeNull(), { timeout: 30_000, interval: 200 });
}

async function answering(running: Running) {
  await vi.waitFor(() => expect(running.lines).toContain("ok"), { timeout: 120_000, interval: 200 });
}

describe("the embedded database outlives every short-lived client", () => {
  // `next start` takes seconds before its first query. A CLI that started the server and ends in
  // that time must still see the app, which chose to share the server before it connected.
  it(
    "the CLI ends while the app that joined it is still booting: the app finds its database",
    { timeout: 240_000 },
    async () => {
      const { freePort, serverAnswers } = await import("./embedded-postgres");
      const port = await freePort();
      const dataDir = `.data/with-db-sharing-${port}`;
      let theApp: Running | null = null;
      let theCli: Running | null = null;
      try {
        theCli = cli(dataDir, port, 4);
        await vi.waitFor(async () => expect(await serverAnswers(port)).toBe(true), { timeout: 120_000, interval: 250 });
        theApp = app(dataDir, port, 8);
        await vi.waitFor(() => expect(theApp!.stderr.join("")).toContain("already running"), {
          timeout: 60_000,
          interval: 100,
        });
        const [code] = await once(theCli.child, "exit");
        expect(code, theCli.stderr.join("")).toBe(0);
        expect(theCli.stderr.join("")).toContain("left running");
        await answering(theApp);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        expect(theApp.lines.filter((line) => line !== "ok")).toEqual([]);
      } finally {
        if (theCli) await end(theCli);
        if (theApp) await end(theApp);
        await stopServer(dataDir);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it.each([
    ["the CLI first, then the app", "cli-first"],
    ["the app first, then the CLI", "app-first"],
    ["both at once", "together"],
  ])("%s: the CLI ends and the app keeps answering", { timeout: 240_000 }, async (_label, order) => {
    const { freePort } = await import("./embedded-postgres");
    const port = await freePort();
    const dataDir = `.data/with-db-sharing-${port}`;
    let theApp: Running | null = null;
    let theCli: Running | null = null;
    try {
      if (order === "cli-first") {
        theCli = cli(dataDir, port, 8);
        const { serverAnswers } = await import("./embedded-postgres");
        await vi.waitFor(async () => expect(await serverAnswers(port)).toBe(true), { timeout: 120_000, interval: 250 });
        theApp = app(dataDir, port);
      } else if (order === "app-first") {
        theApp = app(dataDir, port);
        await answering(theApp);
        theCli = cli(dataDir, port, 1);
      } else {
        // A data directory made before (as a checkout's is after its first run), then both at once.
        const first = withDb(dataDir, port, "true");
        const [made] = await once(first.child, "exit");
        expect(made, first.stderr.join("")).toBe(0);
        theApp = app(dataDir, port);
        theCli = cli(dataDir, port, 8);
      }
      await answering(theApp);
      const [code] = await once(theCli.child, "exit");
      expect(code, theCli.stderr.join("")).toBe(0);
      const afterCli = theApp.lines.length;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const since = theApp.lines.slice(afterCli);
      expect(since.length).toBeGreaterThan(10);
      expect(since.filter((line) => line !== "ok")).toEqual([]);
      expect(theApp.child.exitCode).toBeNull();
    } finally {
      if (theCli) await end(theCli);
      if (theApp) await end(theApp);
      await stopServer(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
