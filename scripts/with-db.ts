// Runs a command with a ready database. Without DATABASE_URL it starts the embedded PostgreSQL
// server under .data/postgres (the embedded default); with it, it uses the given server.
// Usage: tsx scripts/with-db.ts [--migrate | --migrate-embedded] <command> [args...]
//   --migrate           apply migrations first, on any database (`npm run db:migrate`, the
//                       release step)
//   --migrate-embedded  apply them only to the embedded server this started (`npm run dev`,
//                       so a checkout works with no set-up); a DATABASE_URL server is migrated
//                       by the release step, never as a side effect
//   neither             no migrations (`npm start`: the app itself refuses to start when the
//                       schema is behind, and says to run `npm run db:migrate`)
import { spawn, spawnSync } from "node:child_process";
import { EMBEDDED_DATABASE } from "../lib/platform/config/embedded-database";
import path from "node:path";
import { EmbeddedPostgresError, serverAnswers, serverHolding, startEmbeddedPostgres } from "./embedded-postgres";
import { withServerMemoryLimits } from "./server-memory";

const MIGRATE_FLAGS = ["--migrate", "--migrate-embedded"] as const;
const argv = process.argv.slice(2);
const migrateFlag = MIGRATE_FLAGS.find((flag) => flag === argv[0]);
const [command, ...args] = migrateFlag ? argv.slice(1) : argv;
if (!command) {
  console.error("usage: tsx scripts/with-db.ts [--migrate | --migrate-embedded] <command> [args...]");
  process.exit(2);
}

async function startDatabase() {
  if (process.env.DATABASE_URL) return null;
  const options = {
    dataDir: process.env.EMBEDDED_PG_DIR || EMBEDDED_DATABASE.dataDir,
    port: Number(process.env.EMBEDDED_PG_PORT || EMBEDDED_DATABASE.port),
    database: EMBEDDED_DATABASE.database,
    claim: true,
  };
  try {
    try {
      return await startEmbeddedPostgres(options);
    } catch (error) {
      // Two commands started at once (the app and the CLI): the other may be starting this
      // directory's server right now. Share it once it is up rather than fail.
      if (!(await otherStartsIt(options.dataDir, options.port))) throw error;
      return await startEmbeddedPostgres(options);
    }
  } catch (error) {
    // Say what is wrong and what to do, once, instead of a stack trace (or "undefined").
    console.error(error instanceof EmbeddedPostgresError ? `\n${error.message}\n` : error);
    process.exit(1);
  }
}

/**
 * Whether another process brings up this data directory's server on this port within a minute.
 * Only a live server process holding this directory for this port is waited for: any other
 * failure (a foreign process on the port, a broken directory or binary) is said at once.
 */
async function otherStartsIt(dataDir: string, port: number): Promise<boolean> {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const holder = serverHolding(path.resolve(dataDir));
    if (!holder || holder.port !== port) return false;
    if (await serverAnswers(port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const embedded = await startDatabase();
const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || embedded!.url };

if (migrateFlag === "--migrate" || (migrateFlag === "--migrate-embedded" && embedded)) {
  const migrate = spawnSync("npx", ["prisma", "migrate", "deploy"], { env, stdio: ["ignore", "ignore", "inherit"] });
  if (migrate.status !== 0) {
    console.error("prisma migrate deploy failed");
    await embedded?.release();
    process.exit(1);
  }
}

// The production server (npm start) runs with its memory sized (docs/operations.md#memory).
const serving = command === "next" && args[0] === "start";
const child = spawn(command, args, { env: serving ? withServerMemoryLimits(env) : env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  // Never under another client: an app sharing the server this command started keeps it.
  void Promise.resolve(embedded?.release()).finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
