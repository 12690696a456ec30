// Which words an endpoint's health gets. Pure: importable by client and server components.

type EndpointHealthState = "failing" | "idle" | "healthy" | "degraded";

/**
 * "Failing" whenever every recent attempt failed, however few (one failed attempt and none
 * succeeded is not "some failures"), and when the read model flags it (FAILING_AFTER failures).
 */
export function endpointHealthState(health: {
  attempts: number;
  successes: number;
  failing: boolean;
}): EndpointHealthState {
  if (health.failing || (health.attempts > 0 && health.successes === 0)) return "failing";
  if (health.attempts === 0) return "idle";
  return health.successes === health.attempts ? "healthy" : "degraded";
}
