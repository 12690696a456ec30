import "server-only";
import { env } from "@/lib/platform/env";
import { errorField, logger } from "@/lib/platform/log";
import { errorMessage } from "@/lib/platform/narrow";

/**
 * Once per server process (instrumentation.ts): checks the whole configuration and that the
 * database schema is not behind this build, so `next start`/`next dev` stop at boot with a
 * plain message rather than failing the first request that needs it. Background work is started
 * after it by instrumentation.ts (inngest/start-background-work.ts: lib/ never imports inngest/).
 * Modules are loaded only after the configuration check because some of their imports read
 * configuration as they load.
 */
export async function startServer() {
  try {
    env();
  } catch (error) {
    cannotStart(errorMessage(error));
  }
  // Before the first request: answers what Next.js cannot route (lib/edge/api/unroutable-request-guard.ts).
  const { guardUnroutableRequests } = await import("@/lib/edge/api/unroutable-request-guard");
  guardUnroutableRequests();
  if (env().TRUST_PROXY_HOPS === 0) {
    const { pinForwardedForToPeer } = await import("@/lib/account/rate-limit/pin-forwarded-for-to-peer");
    pinForwardedForToPeer();
  }
  await checkSchema();
}

// Migrating is a release step (`npm run db:migrate`), not something every instance does at
// boot; an instance started before it would otherwise fail on its first query of a new column.
async function checkSchema() {
  const { pendingMigrations } = await import("@/lib/platform/db/migrations");
  let pending: string[] | null;
  try {
    pending = await pendingMigrations();
  } catch (error) {
    // The database may come up after the app; requests fail (500) until it does, as before.
    logger().warn({ err: errorField(error) }, "could not check the database schema at start-up");
    return;
  }
  if (pending && pending.length > 0) {
    cannotStart(
      `The database schema is behind this build: ${pending.length} migration(s) not applied (${pending.join(", ")}). ` +
        "Run `npm run db:migrate` against this database (the release step), then start again.",
    );
  }
}

function cannotStart(reason: string): never {
  console.error(`\nThe server cannot start. ${reason}\n`);
  process.exit(1);
}
