import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

// One client per process; Next.js dev reloads modules, so keep it on globalThis.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; pgPool?: pg.Pool };

/**
 * The process's one connection pool. Prisma runs on it; the few hot-path statements of the /v1
 * API (key + rate limit, session create/retrieve/list) use it directly, because a Prisma query
 * costs about ten times the CPU of the same statement on the pool (see README, Performance).
 */
export const pgPool: pg.Pool = globalForPrisma.pgPool ?? createPool();

function createPool() {
  const pool = new pg.Pool({ connectionString: env().DATABASE_URL, max: 20 });
  // An idle connection dropped by the server must not take the process down with it.
  pool.on("error", (error) => console.error("[db] idle connection error", error));
  return pool;
}

export const db: PrismaClient = globalForPrisma.prisma ?? new PrismaClient({ adapter: new PrismaPg(pgPool) });

if (env().NODE_ENV !== "production") {
  globalForPrisma.prisma = db;
  globalForPrisma.pgPool = pgPool;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
