// Next.js calls register() once when a server process starts: in the Node.js runtime only, and
// not while `next build` prerenders, it checks configuration and starts background work
// (lib/start-server.ts). NEXT_RUNTIME and NEXT_PHASE are set by Next.js itself, not
// configuration, which is why they are read here rather than through lib/env.ts.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("./lib/start-server");
  await startServer();
}
