// Pauses inside speech, measured the way a listener hears them: runs of 10 ms frames quieter
// than 40 dB below the loudest frame (the trim's own rule, condition-speech.ts).
import type { PcmAudio } from "@/lib/voice/audio/pcm";

export type SilentRun = { startMs: number; ms: number };

/** The silent runs between the first and last audible frames, longest first. */
export function pausesIn(pcm: PcmAudio): SilentRun[] {
  const frame = Math.max(1, Math.round(pcm.sampleRate / 100));
  const levels: number[] = [];
  for (let start = 0; start + frame <= pcm.samples.length; start += frame) {
    let sum = 0;
    for (let i = start; i < start + frame; i++) sum += pcm.samples[i] * pcm.samples[i];
    levels.push(10 * Math.log10(sum / frame / 32768 ** 2 + 1e-20));
  }
  const threshold = Math.max(Math.max(...levels) - 40, -75);
  const audible = levels.map((db) => db >= threshold);
  const first = audible.indexOf(true);
  const last = audible.lastIndexOf(true);
  const runs: SilentRun[] = [];
  for (let f = first; f <= last; f++) {
    if (audible[f]) continue;
    let end = f;
    while (!audible[end]) end++;
    runs.push({ startMs: f * 10, ms: (end - f) * 10 });
    f = end;
  }
  return runs.sort((a, b) => b.ms - a.ms);
}
