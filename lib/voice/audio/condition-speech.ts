// Makes a set of prompts sound even on a call: trims leading/trailing silence down to a short
// pad and sets the active speech level (ITU-T P.56 method B) to a fixed target with one gain,
// never pushing peaks past a ceiling. Done in JS on the PCM between synthesis and ffmpeg: a
// single measured gain is exact for a finished prompt, and it avoids ffmpeg's two-pass
// loudnorm (and its 192 kHz internal resampling), which would cost more than the synthesis.
import type { PcmAudio } from "@/lib/voice/audio/pcm";

export type SpeechTarget = {
  /** Active speech level in dBov (RMS relative to a full-scale square wave). */
  activeLevelDbov: number;
  /** Peaks never exceed this after gain (dBov of sample magnitude). */
  peakCeilingDbov: number;
  /** Silence kept before the first and after the last audible sound. */
  padMs: number;
};

// G.711 puts a full-scale sine at +3.14 dBm0, and a full-scale sine's RMS is -3.01 dBov, so
// 0 dBm0 = -6.15 dBov and the telephony target of -19 dBm0 is -25.15 dBov.
const DBM0_TO_DBOV = -6.15;
export const TELEPHONY_TARGET: SpeechTarget = { activeLevelDbov: -19 + DBM0_TO_DBOV, peakCeilingDbov: -1, padMs: 100 };
// Wideband and hi-fi files are listened to on speakers and headsets: about -20 dBov of active
// speech (roughly -17 LUFS for speech), still with headroom below the ceiling.
export const WIDEBAND_TARGET: SpeechTarget = { activeLevelDbov: -20, peakCeilingDbov: -1, padMs: 100 };

export type ConditionedSpeech = {
  pcm: PcmAudio;
  /** Active speech level before the gain, dBov; null when there was no speech at all. */
  levelBeforeDbov: number | null;
  gainDb: number;
};

const FULL_SCALE = 32768;

export function conditionSpeech(input: PcmAudio, target: SpeechTarget): ConditionedSpeech {
  const trimmed = trimSilence(input, target.padMs);
  const before = activeSpeechLevelDbov(trimmed);
  if (before === null) return { pcm: trimmed, levelBeforeDbov: null, gainDb: 0 };

  const peak = peakMagnitude(trimmed.samples);
  let gainDb = target.activeLevelDbov - before;
  const peakAfterDb = 20 * Math.log10(peak / FULL_SCALE) + gainDb;
  if (peakAfterDb > target.peakCeilingDbov) gainDb -= peakAfterDb - target.peakCeilingDbov;

  const gain = 10 ** (gainDb / 20);
  const out = new Int16Array(trimmed.samples.length);
  for (let i = 0; i < out.length; i++) {
    const v = Math.round(trimmed.samples[i] * gain);
    out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return { pcm: { sampleRate: trimmed.sampleRate, samples: out }, levelBeforeDbov: before, gainDb };
}

/**
 * Cuts silence at both ends down to `padMs`. "Silence" is relative to the loudest 10 ms frame
 * (40 dB below it), so a quietly delivered prompt is not eaten, with an absolute floor for
 * near-digital-silence.
 */
export function trimSilence(pcm: PcmAudio, padMs: number): PcmAudio {
  const { samples, sampleRate } = pcm;
  const frame = Math.max(1, Math.round(sampleRate / 100));
  const frames = Math.ceil(samples.length / frame);
  if (frames === 0) return pcm;
  const levels = new Float64Array(frames);
  let loudest = -Infinity;
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    const end = Math.min(samples.length, (f + 1) * frame);
    for (let i = f * frame; i < end; i++) sum += samples[i] * samples[i];
    const db = 10 * Math.log10(sum / (end - f * frame) / (FULL_SCALE * FULL_SCALE) + 1e-20);
    levels[f] = db;
    if (db > loudest) loudest = db;
  }
  const threshold = Math.max(loudest - 40, -75);
  let first = 0;
  while (first < frames && levels[first] < threshold) first++;
  let last = frames - 1;
  while (last >= first && levels[last] < threshold) last--;
  const pad = Math.round((padMs / 1000) * sampleRate);
  if (first > last || loudest < -75) {
    // Nothing audible (e.g. a script of punctuation): a short silence rather than an empty file.
    return { sampleRate, samples: new Int16Array(Math.min(samples.length, 2 * pad)) };
  }
  const start = Math.max(0, first * frame - pad);
  const end = Math.min(samples.length, (last + 1) * frame + pad);
  return { sampleRate, samples: samples.slice(start, end) };
}

/**
 * Active speech level per ITU-T P.56 method B: envelope with a 30 ms time constant, 200 ms
 * hangover, and the threshold that sits 15.9 dB below the level it produces. Returns dBov,
 * or null when nothing is active.
 */
export function activeSpeechLevelDbov(pcm: PcmAudio): number | null {
  const { samples, sampleRate } = pcm;
  const n = samples.length;
  if (n === 0) return null;
  const g = Math.exp(-1 / (sampleRate * 0.03));
  const hangover = Math.ceil(sampleRate * 0.2);
  const MARGIN_DB = 15.9;

  // Sliding maximum of the envelope over the hangover window: a sample is active at threshold
  // c when the envelope reached c at any point in the last 200 ms. The envelope moves on a
  // 30 ms scale, so it is sampled every STEP samples (each standing for STEP) for the
  // maximum and the histogram; the filters themselves run on every sample.
  const STEP = 8;
  const BIN_DB = 0.1;
  const MIN_DB = -100;
  const bins = Math.round(-MIN_DB / BIN_DB) + 1;
  const counts = new Float64Array(bins);
  const window = Math.max(1, Math.ceil(hangover / STEP));
  const slots = Math.ceil(n / STEP) + 1;
  const dequeIndex = new Int32Array(slots);
  const dequeValue = new Float64Array(slots);
  let head = 0;
  let tail = 0;
  let p = 0;
  let q = 0;
  let energy = 0;
  const a = 1 - g;
  for (let i = 0, k = 0; i < n; i++) {
    const x = samples[i] / FULL_SCALE;
    energy += x * x;
    p = g * p + a * (x < 0 ? -x : x);
    q = g * q + a * p;
    if (i % STEP !== 0) continue;
    while (tail > head && dequeValue[tail - 1] <= q) tail--;
    dequeIndex[tail] = k;
    dequeValue[tail++] = q;
    if (dequeIndex[head] <= k - window) head++;
    const m = dequeValue[head];
    const db = m > 0 ? 20 * Math.log10(m) : MIN_DB;
    const bin = Math.min(bins - 1, Math.max(0, Math.round((db - MIN_DB) / BIN_DB)));
    counts[bin] += Math.min(STEP, n - i);
    k++;
  }
  if (energy === 0) return null;

  // Walk thresholds from loud to quiet; the active level rises towards the long-term level
  // as the threshold drops, and the difference (level - threshold) grows through the margin.
  let active = 0;
  let previous: { threshold: number; diff: number; level: number } | null = null;
  for (let b = bins - 1; b >= 0; b--) {
    active += counts[b];
    if (active === 0) continue;
    const threshold = MIN_DB + b * BIN_DB;
    const level = 10 * Math.log10(energy / active);
    const diff = level - threshold;
    if (diff >= MARGIN_DB) {
      if (!previous) return level;
      const t = (MARGIN_DB - previous.diff) / (diff - previous.diff);
      return previous.level + t * (level - previous.level);
    }
    previous = { threshold, diff, level };
  }
  return 10 * Math.log10(energy / n);
}

function peakMagnitude(samples: Int16Array): number {
  let peak = 1;
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i] < 0 ? -samples[i] : samples[i];
    if (v > peak) peak = v;
  }
  return peak;
}
