import { describe, expect, it } from "vitest";
import { endpointHealthState } from "@/lib/verification/webhooks/endpoint-health-state";

describe("endpointHealthState", () => {
  it("says failing when every recent attempt failed, even one or two (issue 48: it said 'Some failures')", () => {
    expect(endpointHealthState({ attempts: 1, successes: 0, failing: false })).toBe("failing");
    expect(endpointHealthState({ attempts: 2, successes: 0, failing: false })).toBe("failing");
    expect(endpointHealthState({ attempts: 3, successes: 0, failing: true })).toBe("failing");
  });

  it("says idle, healthy or degraded otherwise", () => {
    expect(endpointHealthState({ attempts: 0, successes: 0, failing: false })).toBe("idle");
    expect(endpointHealthState({ attempts: 4, successes: 4, failing: false })).toBe("healthy");
    expect(endpointHealthState({ attempts: 6, successes: 1, failing: false })).toBe("degraded");
  });
});
