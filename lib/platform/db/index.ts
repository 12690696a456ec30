import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/platform/env";
import { errorField, logger } from "@/lib/platform/log";

// Database access lives in lib/platform/db/: Prisma (`db`, below) for everything ordinary, and named
// functions in lib/platform/db/hot/ for the few single statements on the hottest paths. The raw
// clients (node-postgres under Prisma, postgres.js for the hot statements, the LISTEN
// connection of the job runner) are private to this folder.

// One of each per process; Next.js dev reloads modules, so keep them on globalThis.
declare global {
  var voiceagePrisma: PrismaClient | undefined;
  var voiceagePgPool: pg.Pool | undefined;
}

/** The connection pool Prisma runs on (node-postgres, through the Prisma adapter). */
const pgPool: pg.Pool = globalThis.voiceagePgPool ?? createPool();

function createPool() {
  const pool = new pg.Pool({
    connectionString: env().DATABASE_URL,
    max: env().DATABASE_POOL_MAX,
    // Waiting for a free connection or for a new one to open is bounded (issue #48).
    connectionTimeoutMillis: env().DATABASE_WAIT_MS,
  });
  // An idle connection dropped by the server must not take the process down with it.
  pool.on("error", (error) => logger().error({ err: errorField(error) }, "idle database connection error"));
  return pool;
}

export const db: PrismaClient = globalThis.voiceagePrisma ?? new PrismaClient({ adapter: new PrismaPg(pgPool) });

if (env().NODE_ENV !== "production") {
  globalThis.voiceagePrisma = db;
  globalThis.voiceagePgPool = pgPool;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
