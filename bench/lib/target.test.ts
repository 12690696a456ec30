// The bench table's Target column: every part of a row's target decides met/MISSED.
import { describe, expect, it } from "vitest";
import type { BenchRow } from "./context";
import { targetVerdict } from "./target";

const empty = { rps: 1000, p99Ms: 10 };
const row = (over: Partial<BenchRow>): BenchRow => ({
  name: "x",
  concurrency: 1,
  requests: 40,
  errors: 0,
  seconds: 5,
  rps: 8,
  p50Ms: 120,
  p99Ms: 300,
  ...over,
});

describe("targetVerdict", () => {
  it("judges an absolute p50 target (uncached synthesis)", () => {
    expect(targetVerdict(row({ p50Ms: 180, target: { maxP50Ms: 250 } }), empty)).toBe("met (p50 <250 ms)");
    expect(targetVerdict(row({ p50Ms: 251, target: { maxP50Ms: 250 } }), empty)).toBe("MISSED (p50 <250 ms)");
    expect(targetVerdict(row({ p50Ms: NaN, target: { maxP50Ms: 250 } }), empty)).toBe("MISSED (p50 <250 ms)");
  });

  it("judges an absolute p99 target (dashboard search)", () => {
    expect(targetVerdict(row({ p99Ms: 50, target: { maxP99Ms: 50 } }), empty)).toBe("met (p99 ≤50 ms)");
    expect(targetVerdict(row({ p99Ms: 50.1, target: { maxP99Ms: 50 } }), empty)).toBe("MISSED (p99 ≤50 ms)");
    expect(targetVerdict(row({ p99Ms: NaN, target: { maxP99Ms: 50 } }), empty)).toBe("MISSED (p99 ≤50 ms)");
  });

  it("judges an absolute rate (a prompt set from cold)", () => {
    expect(targetVerdict(row({ rps: 10, target: { minRps: 10 } }), empty)).toBe("met (≥10/s)");
    expect(targetVerdict(row({ rps: 9.9, target: { minRps: 10 } }), empty)).toBe("MISSED (≥10/s)");
    expect(targetVerdict(row({ rps: NaN, target: { minRps: 10 } }), empty)).toBe("MISSED (≥10/s)");
  });

  it("judges throughput and p99 against the empty handler", () => {
    const target = { minThroughputRatio: 0.7, maxP99Ratio: 2 };
    expect(targetVerdict(row({ rps: 700, p99Ms: 20, target }), empty)).toBe("met (≥70%, p99 ≤2×)");
    expect(targetVerdict(row({ rps: 699, p99Ms: 20, target }), empty)).toBe("MISSED (≥70%, p99 ≤2×)");
    expect(targetVerdict(row({ rps: 900, p99Ms: 21, target }), empty)).toBe("MISSED (≥70%, p99 ≤2×)");
  });

  it("misses on any error, and says nothing for a row without a target", () => {
    expect(targetVerdict(row({ p50Ms: 100, errors: 1, target: { maxP50Ms: 250 } }), empty)).toMatch(/^MISSED/);
    expect(targetVerdict(row({}), empty)).toBe("");
  });
});
