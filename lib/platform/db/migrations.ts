import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/platform/db";

/**
 * The migrations in prisma/migrations that the database has not applied, oldest first: what
 * `npm run db:migrate` would run. Null when there is no migrations directory to compare with
 * (the app runs from somewhere without it). A database ahead of this build (migrated by a
 * newer release) is not behind.
 */
export async function pendingMigrations(): Promise<string[] | null> {
  let entries;
  try {
    // A literal path under the project, so the build traces only this folder into its output.
    entries = await readdir(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true });
  } catch {
    return null;
  }
  const expected = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const [{ tracked }] = await db.$queryRaw<
    { tracked: boolean }[]
  >`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS "tracked"`;
  if (!tracked) return expected;
  const applied = await db.$queryRaw<{ name: string }[]>`
    SELECT "migration_name" AS "name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;
  const done = new Set(applied.map((row) => row.name));
  return expected.filter((name) => !done.has(name));
}
