// Runs a command with a ready, migrated database. Without DATABASE_URL it starts the
// embedded PostgreSQL server under .data/postgres (the embedded default); with it, it uses
// the given server. Usage: tsx scripts/with-db.ts <command> [args...]
import { spawn, spawnSync } from "node:child_process";
import { startEmbeddedPostgres } from "./embedded-postgres";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: tsx scripts/with-db.ts <command> [args...]");
  process.exit(2);
}

const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({
      dataDir: process.env.EMBEDDED_PG_DIR ?? ".data/postgres",
      port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
      database: "voiceage",
    });
const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? embedded!.url };

const migrate = spawnSync("npx", ["prisma", "migrate", "deploy"], { env, stdio: ["ignore", "ignore", "inherit"] });
if (migrate.status !== 0) {
  console.error("prisma migrate deploy failed");
  await embedded?.stop();
  process.exit(1);
}

const child = spawn(command, args, { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", async (code, signal) => {
  await embedded?.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
