/** Below this (of 255, the loudest bucket) a bucket is silence. */
const SILENT = 10;

/**
 * What the outline says a designer should check: a long silence (at the start, the end or in
 * the middle) or a start at full loudness (a clipped first syllable). Null when nothing stands out.
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
  if (peaks[0] >= 200) return "Starts at full loudness: check for a clipped first syllable";
  return null;
}

/** A prompt's stored outline as small bars: enough to see a clipped start or a long silence. */
export function PeaksWaveform({ peaks, label }: { peaks: number[]; label: string }) {
  const width = peaks.length * 2;
  return (
    <svg viewBox={`0 0 ${width} 32`} preserveAspectRatio="none" role="img" aria-label={label} className="h-8 w-32 shrink-0 rounded bg-slate-50 sm:w-40">
      <g className="fill-indigo-500">
        {peaks.map((peak, i) => {
          const h = Math.max(1, (peak / 255) * 30);
          return <rect key={i} x={i * 2} y={16 - h / 2} width={1.4} height={h} rx={0.5} />;
        })}
      </g>
    </svg>
  );
}
