// Operators' CLI over the real scripts (`npm run cli -- ...`), against the suite's database.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { db } from "@/lib/platform/db";
import { hashApiKey } from "@/lib/account/keys/key-format";
import { v1 } from "../support/api";

const run = promisify(execFile);

async function capture(command: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(command, args, {
      env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Exactly what the README says to run: npm, then the database wrapper (migrations), then the CLI. */
const npmRunCli = (...args: string[]) => capture("npm", ["run", "cli", "--", ...args]);
/**
 * The same CLI without npm and the database wrapper, which `npmRunCli` already covers: each
 * full run applies migrations first and costs seconds on this 2-core machine.
 */
const cli = (...args: string[]) =>
  capture("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/cli.ts", ...args]);

const works = async (key: string) => (await v1("GET", "/v1/verification-sessions", { key })).status;

describe("npm run cli", () => {
  it("create-key prints only the key; the key works; revoke-key by prefix or by id makes it 401", async () => {
    const org = `cli-${randomBytes(4).toString("hex")}`;
    // Both modes at once: the CLI creates the organisation if needed, concurrently too.
    const [test, live] = await Promise.all([
      npmRunCli("create-key", "--org", org, "--mode", "test"),
      cli("create-key", "--org", org, "--mode", "live"),
    ]);
    for (const [result, mode] of [
      [test, "test"],
      [live, "live"],
    ] as const) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^sk_${mode}_[A-Za-z0-9]{40}\\n$`));
    }
    const testKey = test.stdout.trim();
    const liveKey = live.stdout.trim();
    expect([await works(testKey), await works(liveKey)]).toEqual([200, 200]);
    const rows = await db.apiKey.findMany({ where: { keyHash: { in: [hashApiKey(testKey), hashApiKey(liveKey)] } } });
    expect(new Set(rows.map((r) => r.orgId)).size).toBe(1);

    const liveId = rows.find((r) => r.mode === "live")!.id;
    const [byPrefix, byId] = await Promise.all([cli("revoke-key", testKey.slice(0, 12)), cli("revoke-key", liveId)]);
    expect(byPrefix.code, byPrefix.stderr).toBe(0);
    expect(byId.code, byId.stderr).toBe(0);
    expect([await works(testKey), await works(liveKey)]).toEqual([401, 401]);
    expect(byPrefix.stdout).toBe("");
  });

  it("fails with usage and prints nothing on stdout when arguments are wrong or the key is unknown", async () => {
    const [noMode, unknown] = await Promise.all([cli("create-key", "--org", "x"), cli("revoke-key", "sk_test_ZZZZ")]);
    expect(noMode.code).toBe(2);
    expect(noMode.stdout).toBe("");
    expect(noMode.stderr).toMatch(/usage/);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toMatch(/No active API key/);
  });

  it("db:seed makes the demo user and sample sessions once, and a working test key on every run", async () => {
    const first = await capture("npm", ["run", "--silent", "db:seed"]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/as demo@example\.com with password [A-Za-z0-9]{20} \(shown once\)/);
    expect(first.stdout).toMatch(/created 3 sample test sessions/);
    const second = await capture("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/seed.ts"]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/already exists; its password is unchanged/);
    expect(second.stdout).not.toMatch(/sample test sessions/);

    const keys = [first, second].map((run) => run.stdout.match(/test API key: (sk_test_[A-Za-z0-9]+)/)![1]);
    expect(keys[0]).not.toBe(keys[1]);
    for (const key of keys) {
      const listed = await v1("GET", "/v1/verification-sessions", { key });
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((s: { status: string }) => s.status).sort()).toEqual(["created", "failed", "passed"]);
    }
  });
});
