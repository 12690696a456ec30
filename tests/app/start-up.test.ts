// What a fresh deployment meets at boot: `next start` of the production build refuses an unsafe or
// incomplete environment, or a database schema behind the build, before answering any request,
// saying what to do; and the files a browser asks for on its own (favicon.ico) exist, so no page
// logs a 404 it did not cause.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { baseUrl } from "../support/api";
import { describe, expect, it } from "vitest";
import { spawnApp } from "../support/test-stack";

/** Boots `next start` and stops it: "started", or the error with the app's output. */
const bootOutcome = (databaseUrl: string, env: Record<string, string> = {}) =>
  spawnApp({ databaseUrl, env: { JOB_RUNNER: "off", ...env } }).then(
    (app) => app.stop().then(() => "started"),
    (error: Error) => error.message,
  );

describe("next start refuses an unsafe environment", () => {
  const boot = (env: Record<string, string>) => bootOutcome(inject("databaseUrl"), env);

  it("without secrets: names both and how to make one, and never becomes healthy", async () => {
    const failure = await boot({ APP_SECRET: "", AUTH_SECRET: "" });
    expect(failure).toMatch(/^app exited early/);
    expect(failure).toContain("The server cannot start. Invalid environment: APP_SECRET: is not set");
    expect(failure).toContain("AUTH_SECRET: is not set");
    expect(failure).toContain("openssl rand -base64 32");
  });

  it("with the public dev-only secret", async () => {
    const failure = await boot({ AUTH_SECRET: "dev-only-auth-secret-change-me-in-production" });
    expect(failure).toContain("AUTH_SECRET: is the public dev-only default");
  });

  it("with S3 storage but no bucket, at boot rather than at the first request", async () => {
    const failure = await boot({ STORAGE_DRIVER: "s3" });
    expect(failure).toContain("S3_BUCKET: required when STORAGE_DRIVER=s3");
  });
});

describe("next start refuses a database schema behind the build (migrating is a release step)", () => {
  const migrations = readdirSync("prisma/migrations", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  /** A new database on the suite's server; dropped by the returned function. */
  async function scratchDatabase() {
    const admin = new URL(inject("databaseUrl"));
    admin.pathname = "/postgres";
    const name = `startup_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const run = async (sql: string, url = admin.toString()) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await run(`create database "${name}"`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return { url: url.toString(), run, drop: () => run(`drop database if exists "${name}" with (force)`) };
  }
  const boot = (databaseUrl: string) => bootOutcome(databaseUrl);

  it(
    "names the migrations not applied and says to run npm run db:migrate; starts once they are",
    { timeout: 180_000 },
    async () => {
      const database = await scratchDatabase();
      try {
        // Never migrated: every migration is pending.
        const empty = await boot(database.url);
        expect(empty).toMatch(/^app exited early/);
        expect(empty).toContain(
          `The server cannot start. The database schema is behind this build: ${migrations.length} migration(s) not applied`,
        );
        expect(empty).toContain("Run `npm run db:migrate`");

        // Migrated, except the newest migration (as before a release's db:migrate).
        const migrate = spawnSync("npx", ["prisma", "migrate", "deploy"], {
          env: { ...process.env, DATABASE_URL: database.url },
          encoding: "utf8",
        });
        expect(migrate.status, migrate.stderr).toBe(0);
        const newest = migrations[migrations.length - 1];
        await database.run(`delete from "_prisma_migrations" where migration_name = '${newest}'`, database.url);
        const behind = await boot(database.url);
        expect(behind).toContain(`1 migration(s) not applied (${newest})`);

        // Recorded as applied again (its SQL was never undone, only its row removed): it starts.
        await database.run(
          `insert into "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) values ('${randomBytes(8).toString("hex")}', '', '${newest}', now(), 1)`,
          database.url,
        );
        expect(await boot(database.url)).toBe("started");
      } finally {
        await database.drop();
      }
    },
  );
});

describe("files browsers request by themselves", () => {
  it("serves /favicon.ico as an icon", async () => {
    const response = await fetch(`${baseUrl()}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]); // ICO header: reserved 0, type 1 (icon)
  });

  it("links the icons from every page and serves them", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const links = [...html.matchAll(/<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const href of links) expect((await fetch(new URL(href, baseUrl()))).status).toBe(200);
  });
});
