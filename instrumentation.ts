// Next.js calls register() once when a server process starts: in the Node.js runtime only, and
// not while `next build` prerenders, it checks configuration (lib/edge/start-server.ts), then
// starts background work (inngest/start-background-work.ts). NEXT_RUNTIME and NEXT_PHASE are set
// by Next.js itself, not configuration, which is why they are read here rather than through
// lib/platform/env.ts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("./lib/edge/start-server");
  await startServer();
  // After the configuration and schema checks: some of its imports read configuration as they load.
  const { startBackgroundWork } = await import("./inngest/start-background-work");
  startBackgroundWork();
}
