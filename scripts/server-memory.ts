// How `npm start` sizes the server's memory (issue 35; docs/operations.md#memory). Left alone,
// V8 lets a busy server's heap grow towards a limit of a quarter of the machine's memory (about
// 4 GiB here) and keeps what it took when idle, and glibc gives every thread that mallocs its
// own arena. An explicit old-space size makes V8 collect before it grows past it, and two malloc
// arenas keep native memory from spreading across threads (the soak measured that one: less
// native memory at rest and under load; bench/results/2026-11-25-soak.md). 8 MiB semi-spaces
// (16 by default) halve the young generation: 10 to 30 MiB less resident in two pairs of soak
// runs, app CPU per request within 5%, not separable from the host's noise
// (bench/results/2026-11-26-memory.md).

/** V8 flags for the server; any of them already in NODE_OPTIONS wins. */
export const SERVER_HEAP_FLAGS = ["--max-old-space-size=320", "--max-semi-space-size=8"];
export const SERVER_MALLOC_ARENA_MAX = "2";

/** The server's environment: NODE_OPTIONS with the heap flags it does not set, MALLOC_ARENA_MAX unless set. */
export function withServerMemoryLimits<Env extends Record<string, string | undefined>>(
  env: Env,
): Env & { NODE_OPTIONS: string; MALLOC_ARENA_MAX: string } {
  const given = env.NODE_OPTIONS ?? "";
  const missing = SERVER_HEAP_FLAGS.filter((flag) => !given.includes(flag.split("=")[0]));
  return {
    ...env,
    NODE_OPTIONS: [given, ...missing].filter(Boolean).join(" "),
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || SERVER_MALLOC_ARENA_MAX,
  };
}
