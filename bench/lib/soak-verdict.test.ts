// The soak run's verdict: memory still growing in the last third, p99 drift, errors.
import { describe, expect, it } from "vitest";
import { leastSquaresSlope, soakVerdict, type SoakMinute } from "./soak-verdict";

const MiB = 1024 * 1024;
const minute = (rssMiB: number, p99Ms = 20, errors = 0): SoakMinute => ({
  rssBytes: rssMiB * MiB,
  requests: 1000,
  errors,
  p50Ms: 5,
  p99Ms: p99Ms,
});
const run = (rss: number[], p99: number[] = rss.map(() => 20)) => rss.map((r, i) => minute(r, p99[i]));

describe("leastSquaresSlope", () => {
  it("is the change per sample of a straight line, and 0 for a flat one", () => {
    expect(leastSquaresSlope([10, 12, 14, 16])).toBeCloseTo(2);
    expect(leastSquaresSlope([5, 5, 5])).toBe(0);
    expect(leastSquaresSlope([7])).toBe(0);
  });
});

describe("soakVerdict", () => {
  it("passes memory that climbs early and levels off, with a GC sawtooth at the end", () => {
    const verdict = soakVerdict(run([250, 300, 330, 345, 350, 352, 349, 353, 350]));
    expect(verdict.reasons).toEqual([]);
    expect(verdict.ok).toBe(true);
  });

  it("fails memory that still climbs steadily in the last third", () => {
    // +10 MiB a minute to the end: a leak, even though the total is modest.
    const verdict = soakVerdict(run([250, 260, 270, 280, 290, 300, 310, 320, 330]));
    expect(verdict.ok).toBe(false);
    expect(verdict.reasons[0]).toMatch(/memory still grows in the last third \(\+30\.0 MiB\)/);
  });

  it("counts growth from where the last third starts, not only within it", () => {
    // Flat within the last three minutes but a jump into them is still growth at the end.
    const verdict = soakVerdict(run([250, 250, 250, 250, 250, 250, 330, 331, 330]));
    expect(verdict.ok).toBe(false);
  });

  it("allows 16 MiB of noise on a small process and 5% on a large one", () => {
    expect(soakVerdict(run([100, 100, 100, 100, 100, 100, 105, 110, 114])).ok).toBe(true);
    expect(soakVerdict(run([100, 100, 100, 100, 100, 100, 110, 120, 130])).ok).toBe(false);
    expect(soakVerdict(run([800, 800, 800, 800, 800, 800, 815, 830, 838])).ok).toBe(true);
  });

  it("fails when the last third's median p99 is more than 1.5 times the first third's", () => {
    const flat = [300, 300, 300, 300, 300, 300, 300, 300, 300];
    expect(soakVerdict(run(flat, [20, 22, 21, 25, 28, 26, 30, 31, 29])).ok).toBe(true);
    const drifted = soakVerdict(run(flat, [20, 22, 21, 25, 28, 30, 33, 34, 31]));
    expect(drifted.ok).toBe(false);
    expect(drifted.reasons).toEqual(["p99 drifted by 57%"]);
  });

  it("is not fooled by one slow minute in the last third (medians)", () => {
    const flat = [300, 300, 300, 300, 300, 300, 300, 300, 300];
    expect(soakVerdict(run(flat, [20, 20, 20, 20, 20, 20, 20, 200, 20])).ok).toBe(true);
  });

  it("fails on any unexpected answer", () => {
    const minutes = run([300, 300, 300, 300]);
    minutes[1] = minute(300, 20, 1);
    expect(soakVerdict(minutes)).toMatchObject({ ok: false, reasons: ["1 unexpected answer(s)"] });
  });

  it("refuses to judge fewer than three minutes", () => {
    expect(() => soakVerdict(run([300, 300]))).toThrow(/at least 3 minutes/);
  });
});
