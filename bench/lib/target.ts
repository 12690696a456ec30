// The "Target" column of the bench table: whether a row met every part of its target, and
// what that target was, so a reader sees the verdict and the bar side by side.
import type { BenchRow } from "./context";
import type { LoadResult } from "./measure";

const pct = (n: number) => `${(n * 100).toFixed(0)}%`;

/** "met (…)" / "MISSED (…)" for a row with a target, "" for one without. Errors always miss. */
export function targetVerdict(row: BenchRow, empty: Pick<LoadResult, "rps" | "p99Ms">): string {
  const target = row.target;
  if (!target) return "";
  const parts: string[] = [];
  let met = row.errors === 0;
  if (target.minThroughputRatio !== undefined) {
    met &&= row.rps / empty.rps >= target.minThroughputRatio;
    parts.push(`≥${pct(target.minThroughputRatio)}`);
  }
  if (target.maxP99Ratio !== undefined) {
    met &&= row.p99Ms / empty.p99Ms <= target.maxP99Ratio;
    parts.push(`p99 ≤${target.maxP99Ratio}×`);
  }
  if (target.maxP50Ms !== undefined) {
    // NaN (no successful request) compares false: missed.
    met &&= row.p50Ms < target.maxP50Ms;
    parts.push(`p50 <${target.maxP50Ms} ms`);
  }
  if (target.maxP99Ms !== undefined) {
    met &&= row.p99Ms <= target.maxP99Ms;
    parts.push(`p99 ≤${target.maxP99Ms} ms`);
  }
  if (target.minRps !== undefined) {
    met &&= row.rps >= target.minRps;
    parts.push(`≥${target.minRps}/s`);
  }
  return `${met ? "met" : "MISSED"} (${parts.join(", ")})`;
}
