import "server-only";
import { env } from "@/lib/env";

/**
 * Once per server process (instrumentation.ts): checks the whole configuration, so a bad or
 * unsafe environment stops `next start`/`next dev` at boot, naming the variable, rather than
 * failing the first request that needs it; then starts background work. That module is loaded
 * only after the check because some of its imports read configuration as they load.
 */
export async function startServer() {
  try {
    env();
  } catch (error) {
    console.error(`\nThe server cannot start. ${(error as Error).message}\n`);
    process.exit(1);
  }
  const { startBackgroundWork } = await import("@/lib/jobs/start-background-work");
  startBackgroundWork();
}
