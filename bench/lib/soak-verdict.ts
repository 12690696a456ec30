// The soak run's verdict (npm run soak, issue 35): from one sample per minute, does the app's
// memory still grow at the end, and did its p99 drift? Pure, so a unit test can make it fail.
import { median } from "./measure";

export type SoakMinute = {
  /** Resident memory of the app at the end of the minute. */
  rssBytes: number;
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
};

export type SoakVerdict = { ok: boolean; reasons: string[]; lines: string[] };

/** Memory may rise by this share of its level at the start of the last third (GC sawtooth), ... */
const MEMORY_GROWTH_TOLERANCE = 0.05;
/** ... or by this much, whichever is larger: a few MiB either way is one collection's timing. */
const MEMORY_GROWTH_FLOOR_BYTES = 16 * 1024 * 1024;
/** The last third's median p99 may be at most this multiple of the first third's. */
const P99_DRIFT_LIMIT = 1.5;
/** Fewer minutes than this have no thirds to compare. */
export const MIN_SOAK_MINUTES = 3;

const MiB = 1024 * 1024;

/** Slope of the least-squares line through (0, y0), (1, y1), ...: change per sample. */
export function leastSquaresSlope(values: number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((sum, y) => sum + y, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return num / den;
}

/**
 * The rule, in full:
 * - thirds: the last third is the final ceil(n/3) minutes, the first third the first ceil(n/3);
 * - memory still grows when the least-squares line through the last third's samples, together
 *   with the sample just before it (where the third starts), rises over that span by more than
 *   5% of the memory at its start, or 16 MiB if that is larger;
 * - p99 drifts when the median of the last third's per-minute p99s is more than 1.5 times the
 *   median of the first third's;
 * - any unexpected answer (an error) fails the run too.
 */
export function soakVerdict(minutes: SoakMinute[]): SoakVerdict {
  const n = minutes.length;
  if (n < MIN_SOAK_MINUTES) throw new Error(`a soak verdict needs at least ${MIN_SOAK_MINUTES} minutes, got ${n}`);
  const third = Math.ceil(n / 3);
  const reasons: string[] = [];
  const lines: string[] = [];

  const tail = minutes.slice(n - third - 1).map((m) => m.rssBytes);
  const rise = leastSquaresSlope(tail) * (tail.length - 1);
  const allowed = Math.max(tail[0] * MEMORY_GROWTH_TOLERANCE, MEMORY_GROWTH_FLOOR_BYTES);
  lines.push(
    `Memory over the last third (minutes ${n - third} to ${n}): ${(tail[0] / MiB).toFixed(0)} → ` +
      `${(tail[tail.length - 1] / MiB).toFixed(0)} MiB, trend ${rise >= 0 ? "+" : ""}${(rise / MiB).toFixed(1)} MiB ` +
      `(allowed +${(allowed / MiB).toFixed(1)} MiB).`,
  );
  if (rise > allowed) reasons.push(`memory still grows in the last third (+${(rise / MiB).toFixed(1)} MiB)`);

  const firstP99 = median(minutes.slice(0, third).map((m) => m.p99Ms));
  const lastP99 = median(minutes.slice(n - third).map((m) => m.p99Ms));
  const drift = lastP99 / firstP99;
  lines.push(
    `p99, median per minute: first third ${firstP99.toFixed(1)} ms, last third ${lastP99.toFixed(1)} ms ` +
      `(${Number.isFinite(drift) ? drift.toFixed(2) : "-"}×, allowed ${P99_DRIFT_LIMIT}×).`,
  );
  if (!Number.isFinite(drift)) reasons.push("p99 could not be measured (no answers in a third)");
  else if (drift > P99_DRIFT_LIMIT) reasons.push(`p99 drifted by ${((drift - 1) * 100).toFixed(0)}%`);

  const errors = minutes.reduce((sum, m) => sum + m.errors, 0);
  if (errors > 0) reasons.push(`${errors} unexpected answer(s)`);

  return { ok: reasons.length === 0, reasons, lines };
}
