// The bench's own stack: a fresh database on its own embedded PostgreSQL server (or on
// DATABASE_URL's server), migrated, and one `next start` of the existing build with the rate
// limit raised and the bench route enabled. Nothing is built here.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../../scripts/embedded-postgres";
import { startAppInstance } from "../../tests/support/test-stack";

export type BenchStack = {
  baseUrl: string;
  databaseUrl: string;
  /** Resident memory (bytes) of the app's server process(es) right now. */
  appRssBytes: () => number;
  stop: () => Promise<void>;
};

export function requireBuild(distDir: string) {
  if (!existsSync(path.join(distDir, "BUILD_ID"))) {
    throw new Error(`No Next.js build in ${distDir}. Run \`npm run build\` first (or set NEXT_DIST_DIR to your build).`);
  }
}

async function freshDatabase() {
  const given = process.env.DATABASE_URL;
  // Its own data directory and port: never stop a server the test suite is using.
  const embedded = given
    ? null
    : await startEmbeddedPostgres({ dataDir: ".data/bench-postgres", port: 54359, database: "postgres", quiet: true });
  const adminUrl = given ?? embedded!.url;
  const name = `bench_${Date.now()}_${randomBytes(3).toString("hex")}`;
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
      await embedded?.stop();
    },
  };
}

/** RSS of the processes in the app's process group that run Next.js itself (not the npx wrapper). */
function groupRss(groupId: number): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== groupId) continue; // field 5 of stat: process group
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (!/next-server|next\/dist\/bin\/next/.test(cmdline)) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, "utf8"));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // the process went away
    }
  }
  return total;
}

export async function startBenchStack(env: Record<string, string>): Promise<BenchStack> {
  const database = await freshDatabase();
  const migrate = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: database.url },
    encoding: "utf8",
  });
  if (migrate.status !== 0) {
    await database.drop();
    throw new Error(`migrate deploy failed: ${migrate.stderr}`);
  }
  const app = await startAppInstance({ databaseUrl: database.url, env }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  return {
    baseUrl: app.baseUrl,
    databaseUrl: database.url,
    appRssBytes: () => (app.pid ? groupRss(app.pid) : 0),
    stop: async () => {
      await app.stop();
      await database.drop();
    },
  };
}
