// Makes a new migration from the difference between the schema as of the last migration
// (prisma/migrations/schema-snapshot.prisma) and prisma/schema.prisma. `prisma migrate dev`
// crashes in the Wasm engine and `--from-url` is refused with a driver adapter, so this
// replaces them. It needs a reachable database only because the CLI connects through the
// adapter. Usage: npm run db:new-migration -- <snake_case_name>
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { freePort, startEmbeddedPostgres } from "./embedded-postgres";

const SNAPSHOT = "prisma/migrations/schema-snapshot.prisma";
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:new-migration -- <snake_case_name>");
  process.exit(2);
}

const server = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({
      dataDir: ".data/migration-postgres",
      port: await freePort(),
      database: "postgres",
      quiet: true,
      durable: false,
    });
const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || server!.url };
try {
  const diff = spawnSync(
    "npx",
    [
      "prisma",
      "migrate",
      "diff",
      "--from-schema-datamodel",
      SNAPSHOT,
      "--to-schema-datamodel",
      "prisma/schema.prisma",
      "--script",
    ],
    { env, encoding: "utf8" },
  );
  if (diff.status !== 0) throw new Error(diff.stderr);
  if (!diff.stdout.trim() || /^-- This is an empty migration/.test(diff.stdout.trim())) {
    console.error("schema.prisma matches the last migration: nothing to do");
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = `prisma/migrations/${stamp}_${name}`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/migration.sql`, diff.stdout);
    copyFileSync("prisma/schema.prisma", SNAPSHOT);
    console.error(`wrote ${dir}/migration.sql`);
  }
} finally {
  await server?.stop();
}
