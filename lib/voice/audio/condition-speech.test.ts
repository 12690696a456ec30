import { describe, expect, it } from "vitest";
import { activeSpeechLevelDbov, conditionSpeech, trimSilence } from "@/lib/voice/audio/condition-speech";
import type { PcmAudio } from "@/lib/voice/audio/pcm";

const RATE = 16000;

/** Silence, a tone burst at `amplitude` (0..1) for `toneSeconds`, silence. */
function burst(leadSeconds: number, toneSeconds: number, tailSeconds: number, amplitude: number): PcmAudio {
  const lead = Math.round(leadSeconds * RATE);
  const tone = Math.round(toneSeconds * RATE);
  const samples = new Int16Array(lead + tone + Math.round(tailSeconds * RATE));
  for (let i = 0; i < tone; i++)
    samples[lead + i] = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 440 * i) / RATE));
  return { sampleRate: RATE, samples };
}

const dbov = (pcm: PcmAudio) => activeSpeechLevelDbov(pcm)!;

describe("trimSilence", () => {
  it("cuts leading and trailing silence down to the pad", () => {
    const trimmed = trimSilence(burst(1.5, 1, 2, 0.5), 100);
    // 1 s of tone plus at most 100 ms (and one 10 ms frame of rounding) on each side.
    expect(trimmed.samples.length / RATE).toBeGreaterThanOrEqual(1.19);
    expect(trimmed.samples.length / RATE).toBeLessThanOrEqual(1.22);
    expect(trimmed.samples[0]).toBe(0);
    expect(trimmed.samples.slice(0, Math.round(0.09 * RATE)).every((s) => s === 0)).toBe(true);
  });

  it("keeps silence inside the prompt", () => {
    const a = burst(0, 0.5, 0, 0.5);
    const gap = new Int16Array(RATE); // 1 s pause between two phrases
    const joined = new Int16Array([...a.samples, ...gap, ...a.samples]);
    expect(trimSilence({ sampleRate: RATE, samples: joined }, 100).samples.length).toBe(joined.length);
  });

  it("does not mistake a quiet delivery for silence", () => {
    const trimmed = trimSilence(burst(1, 1, 1, 0.003), 100); // about -50 dBov
    expect(trimmed.samples.length / RATE).toBeCloseTo(1.2, 1);
  });

  it("turns an all-silent input into a short silence rather than nothing", () => {
    const trimmed = trimSilence({ sampleRate: RATE, samples: new Int16Array(RATE * 3) }, 100);
    expect(trimmed.samples.length).toBe(0.2 * RATE);
  });
});

describe("activeSpeechLevelDbov (P.56)", () => {
  it("measures a continuous sine at its RMS (-3.01 dB below its peak)", () => {
    expect(dbov(burst(0, 2, 0, 0.5))).toBeCloseTo(20 * Math.log10(0.5) - 3.01, 1);
  });

  it("ignores pauses: a tone with long silences has the level of the tone", () => {
    const a = burst(0, 1, 0, 0.25).samples;
    const joined = new Int16Array([...a, ...new Int16Array(RATE * 2), ...a]);
    const tone = dbov(burst(0, 2, 0, 0.25));
    // Within the 200 ms hangover P.56 allows, and nowhere near the whole-file RMS (3 dB lower).
    expect(Math.abs(dbov({ sampleRate: RATE, samples: joined }) - tone)).toBeLessThan(0.8);
  });

  it("is null for silence", () => {
    expect(activeSpeechLevelDbov({ sampleRate: RATE, samples: new Int16Array(RATE) })).toBeNull();
  });
});

describe("conditionSpeech", () => {
  it("brings quiet and loud prompts to the same active level", () => {
    const target = { activeLevelDbov: -25.15, peakCeilingDbov: -1, padMs: 100 };
    const quiet = conditionSpeech(burst(0.5, 1, 0.5, 0.02), target);
    const loud = conditionSpeech(burst(0.5, 1, 0.5, 0.9), target);
    expect(dbov(quiet.pcm)).toBeCloseTo(-25.15, 1);
    expect(dbov(loud.pcm)).toBeCloseTo(-25.15, 1);
    expect(quiet.gainDb).toBeGreaterThan(0);
    expect(loud.gainDb).toBeLessThan(0);
  });

  it("never lifts peaks past the ceiling, even if that leaves the level under target", () => {
    // A sine's crest factor is 3 dB, so -2 dBov of RMS would need peaks at +1 dBov.
    const out = conditionSpeech(burst(0, 1, 0, 0.1), { activeLevelDbov: -2, peakCeilingDbov: -1, padMs: 100 });
    let peak = 0;
    for (const s of out.pcm.samples) peak = Math.max(peak, Math.abs(s));
    expect(20 * Math.log10(peak / 32768)).toBeLessThanOrEqual(-0.99);
    expect(dbov(out.pcm)).toBeCloseTo(-4.01, 0);
  });
});
