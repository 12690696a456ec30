// The PCM formats are written in JS (resample.ts, encodeG711) instead of by ffmpeg: checked here
// against ffmpeg itself, run with the arguments the app used for them (ffmpegArgs), on real
// speech from both engines' sample rates and on tones.
import { describe, expect, it } from "vitest";
import { ffmpegArgs } from "@/lib/voice/audio/encode-audio";
import { getOutputFormat } from "@/lib/voice/audio/formats";
import { s16leBytes, type PcmAudio } from "@/lib/voice/audio/pcm";
import { encodeG711, readS16le } from "@/lib/voice/audio/raw-audio";
import { resamplePcm } from "@/lib/voice/audio/resample";
import { runProcess } from "@/lib/voice/audio/run-process";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import { DEFAULT_VOICE_SETTINGS } from "@/lib/voice/providers/speech-provider";

async function ffmpeg(pcm: PcmAudio, formatId: string): Promise<Buffer> {
  return runProcess("ffmpeg", ffmpegArgs(getOutputFormat(formatId), pcm.sampleRate, "pipe:1"), s16leBytes(pcm));
}

/** How far `actual` is from `reference`, as signal-to-difference ratio in dB. */
function snrDb(reference: Int16Array, actual: Int16Array): number {
  let signal = 0;
  let noise = 0;
  for (let i = 0; i < reference.length; i++) {
    signal += reference[i] ** 2;
    noise += (reference[i] - actual[i]) ** 2;
  }
  return noise === 0 ? Infinity : 10 * Math.log10(signal / noise);
}

function tone(hz: number, rate: number, seconds: number, amplitude = 10000): PcmAudio {
  const samples = new Int16Array(Math.round(rate * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate));
  return { sampleRate: rate, samples };
}

/** RMS of the middle half (the filter's edges left out). */
function rms(samples: Int16Array): number {
  const from = Math.floor(samples.length / 4);
  const to = Math.floor((3 * samples.length) / 4);
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i] ** 2;
  return Math.sqrt(sum / (to - from));
}

describe("G.711 written in JS", () => {
  it.each([
    ["ulaw_8000", "mulaw"],
    ["alaw_8000", "alaw"],
  ] as const)("encodes every 16-bit sample to the byte ffmpeg's %s encoder writes", async (formatId, law) => {
    const every = Int16Array.from({ length: 65536 }, (_, i) => i - 32768);
    const reference = await ffmpeg({ sampleRate: 8000, samples: every }, formatId);
    const ours = encodeG711(every, law);
    expect(ours.length).toBe(reference.length);
    const differing = ours.filter((byte, i) => byte !== reference[i]).length;
    expect(differing).toBe(0);
  });
});

describe("resamplePcm", () => {
  it.each([
    ["espeakEnUs", 22050],
    ["fliteRms", 16000],
  ])("resamples %s's speech (%i Hz) as ffmpeg does, to the same number of samples", async (voiceId, rate) => {
    const speech = await createLocalProvider().synthesize({
      text: "For billing questions, press two. Your balance is 42 dollars.",
      voiceId,
      modelId: "tts_multilingual_v2",
      settings: DEFAULT_VOICE_SETTINGS,
      format: getOutputFormat("ulaw_8000"),
    });
    expect(speech.sampleRate).toBe(rate);
    // Down to the phone band: the same filter design as ffmpeg's, so nearly the same samples.
    for (const id of ["pcm_8000", "pcm_16000"]) {
      const reference = readS16le(await ffmpeg(speech, id));
      const ours = await resamplePcm(speech, getOutputFormat(id).sampleRate);
      expect(ours.samples.length, id).toBe(reference.length);
      if (getOutputFormat(id).sampleRate !== rate) expect(snrDb(reference, ours.samples), id).toBeGreaterThan(60);
    }
    // Up: the same band kept, interpolated a little differently from ffmpeg's.
    const reference = readS16le(await ffmpeg(speech, "pcm_24000"));
    const ours = await resamplePcm(speech, 24000);
    expect(ours.samples.length).toBe(reference.length);
    expect(snrDb(reference, ours.samples)).toBeGreaterThan(40);
  });

  it("keeps a tone in the band at its level and removes one above the new Nyquist frequency", async () => {
    const kept = await resamplePcm(tone(1000, 16000, 1), 8000);
    expect(kept.sampleRate).toBe(8000);
    expect(kept.samples.length).toBe(8000);
    expect(Math.abs(20 * Math.log10(rms(kept.samples) / rms(tone(1000, 8000, 1).samples)))).toBeLessThan(0.1);
    // 6 kHz cannot exist at 8 kHz: it must not fold back to 2 kHz.
    const folded = await resamplePcm(tone(6000, 16000, 1), 8000);
    expect(20 * Math.log10(rms(folded.samples) / rms(tone(6000, 16000, 1).samples))).toBeLessThan(-50);
  });

  it("returns audio already at the rate unchanged", async () => {
    const pcm = tone(440, 8000, 0.1);
    expect(await resamplePcm(pcm, 8000)).toBe(pcm);
  });

  it("gives the event loop its turn during a long conversion", async () => {
    let turns = 0;
    const tick = () => {
      turns++;
      if (!done) setImmediate(tick);
    };
    let done = false;
    setImmediate(tick);
    const minute = await resamplePcm(tone(300, 22050, 60), 8000);
    done = true;
    expect(minute.samples.length).toBe(480_000);
    // 480,000 samples are written in 59 chunks; other callbacks ran between them.
    expect(turns).toBeGreaterThan(10);
  });
});
