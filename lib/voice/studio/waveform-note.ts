// What a prompt's stored outline (64 buckets, 0..255, the loudest bucket 255) tells a designer
// at a glance. Plain code, shared by the studio's prompt rows and their test.

/** Below this (of 255, the loudest bucket) a bucket is silence. */
const SILENT = 10;

/**
 * What the outline says a designer should check: a long silence at the start, the end or in
 * the middle. Null when nothing stands out. (A loud first bucket is no sign of a clipped start:
 * the pipeline trims leading silence, so every prompt opening on a vowel starts loud; the
 * waveform shows the start for the eye to judge.)
 */
export function waveformNote(peaks: number[], durationMs: number): string | null {
  if (peaks.length === 0 || durationMs <= 0) return null;
  const bucketMs = durationMs / peaks.length;
  let lead = 0;
  while (lead < peaks.length && peaks[lead] < SILENT) lead++;
  let trail = 0;
  while (trail < peaks.length - lead && peaks[peaks.length - 1 - trail] < SILENT) trail++;
  let longest = 0;
  let run = 0;
  for (let i = lead; i < peaks.length - trail; i++) {
    run = peaks[i] < SILENT ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  const seconds = (buckets: number) => `${((buckets * bucketMs) / 1000).toFixed(1)} s`;
  if (lead * bucketMs >= 500) return `${seconds(lead)} of silence at the start`;
  if (trail * bucketMs >= 1000) return `${seconds(trail)} of silence at the end`;
  if (longest * bucketMs >= 1500) return `A ${seconds(longest)} silence in the middle`;
  return null;
}
