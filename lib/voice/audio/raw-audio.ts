// Raw-audio helpers, importable by browser and server (plain functions: no DOM, no Node). The
// server's decoders (decode-output.ts, phone-band.ts) share them, and the studio plays what
// POST /tts returns with them: browsers play WAV, MP3 and Ogg Opus but not headerless telephony
// audio (G.711 μ-law/A-law, raw signed linear PCM), so the studio decodes those to 16-bit PCM
// and wraps them in a WAV header, a playable rendition of the same samples. The download is
// always the original file.
import { getOutputFormat } from "@/lib/voice/audio/formats";

/** ITU-T G.711 μ-law byte -> linear 16-bit sample (the standard expansion, as ffmpeg's pcm_mulaw). */
function mulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  const magnitude = (((mantissa << 3) + 0x84) << exponent) - 0x84;
  return u & 0x80 ? -magnitude : magnitude;
}

/** ITU-T G.711 A-law byte -> linear 16-bit sample (as ffmpeg's pcm_alaw). */
function alawToLinear(byte: number): number {
  const a = (byte ^ 0x55) & 0xff;
  const exponent = (a >> 4) & 0x07;
  const mantissa = a & 0x0f;
  const magnitude = exponent === 0 ? (mantissa << 4) + 8 : ((mantissa << 4) + 0x108) << (exponent - 1);
  return a & 0x80 ? magnitude : -magnitude;
}

const MULAW_TABLE = Int16Array.from({ length: 256 }, (_, i) => mulawToLinear(i));
const ALAW_TABLE = Int16Array.from({ length: 256 }, (_, i) => alawToLinear(i));

export function decodeMulaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = MULAW_TABLE[bytes[i]];
  return out;
}

export function decodeAlaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = ALAW_TABLE[bytes[i]];
  return out;
}

/**
 * Linear -> G.711 table over 14-bit magnitudes, built the way ffmpeg's pcm_mulaw/pcm_alaw
 * encoders build theirs (libavcodec/pcm_tablegen.h): each code covers the linear values
 * nearest its own expansion, so a sample encodes to exactly the byte ffmpeg writes.
 */
function linearToLawTable(toLinear: (byte: number) => number, mask: number): Uint8Array {
  const table = new Uint8Array(16384);
  let j = 1;
  table[8192] = mask;
  for (let i = 0; i < 127; i++) {
    const v1 = toLinear(i ^ mask);
    const v2 = toLinear((i + 1) ^ mask);
    const v = (v1 + v2 + 4) >> 3;
    for (; j < v; j++) {
      table[8192 - j] = i ^ (mask ^ 0x80);
      table[8192 + j] = i ^ mask;
    }
  }
  for (; j < 8192; j++) {
    table[8192 - j] = 127 ^ (mask ^ 0x80);
    table[8192 + j] = 127 ^ mask;
  }
  table[0] = table[1];
  return table;
}

let lawTables: { mulaw: Uint8Array; alaw: Uint8Array } | undefined;

/** 16-bit samples -> G.711 bytes (μ-law or A-law), byte for byte as ffmpeg encodes them. */
export function encodeG711(samples: Int16Array, law: "mulaw" | "alaw"): Uint8Array {
  lawTables ??= { mulaw: linearToLawTable(mulawToLinear, 0xff), alaw: linearToLawTable(alawToLinear, 0xd5) };
  const table = lawTables[law];
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = table[(samples[i] + 32768) >> 2];
  return out;
}

/** Headerless signed 16-bit little-endian samples; a dangling odd byte is ignored. */
export function readS16le(bytes: Uint8Array): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Int16Array(bytes.byteLength >> 1);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/** A canonical 44-byte-header RIFF/WAVE file, PCM 16-bit mono. */
export function encodeWav(samples: Int16Array, sampleRate: number): Uint8Array {
  const dataBytes = samples.length * 2;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, samples[i], true);
  return out;
}

export type PlayableAudio = {
  bytes: Uint8Array;
  contentType: string;
  /** Null when the file plays as it is; otherwise what the browser plays instead, for the reader. */
  rendition: string | null;
};

/**
 * What the browser should play for a file in `formatId`: the file itself for WAV, MP3 and
 * Opus; for raw telephony and PCM formats a WAV of the decoded samples at the format's rate.
 */
export function toPlayableAudio(formatId: string, bytes: Uint8Array): PlayableAudio {
  const format = getOutputFormat(formatId);
  if (format.encoding.container !== "raw") return { bytes, contentType: format.contentType, rendition: null };
  const rate = format.sampleRate;
  const khz = `${rate / 1000} kHz`;
  switch (format.encoding.codec) {
    case "mulaw":
      return {
        bytes: encodeWav(decodeMulaw(bytes), rate),
        contentType: "audio/wav",
        rendition: `Browsers cannot play raw G.711 μ-law, so this player plays a 16-bit WAV decoded from it in your browser (${khz}, same samples).`,
      };
    case "alaw":
      return {
        bytes: encodeWav(decodeAlaw(bytes), rate),
        contentType: "audio/wav",
        rendition: `Browsers cannot play raw G.711 A-law, so this player plays a 16-bit WAV decoded from it in your browser (${khz}, same samples).`,
      };
    case "s16le":
      return {
        bytes: encodeWav(readS16le(bytes), rate),
        contentType: "audio/wav",
        rendition: `Browsers cannot play headerless PCM, so this player plays the same samples with a WAV header added in your browser (${khz}).`,
      };
  }
}

/**
 * Loudness outline for drawing a waveform: the peak absolute value of each of `buckets` equal
 * slices, scaled so the loudest slice is 1 (silence stays 0). Samples are floats in -1..1.
 */
export function waveformPeaks(samples: ArrayLike<number>, buckets: number): number[] {
  const count = Math.max(1, Math.floor(buckets));
  const peaks = new Array<number>(count).fill(0);
  if (samples.length === 0) return peaks;
  for (let b = 0; b < count; b++) {
    const start = Math.floor((b * samples.length) / count);
    const end = Math.max(start + 1, Math.floor(((b + 1) * samples.length) / count));
    let peak = 0;
    for (let i = start; i < end && i < samples.length; i++) {
      const v = Math.abs(samples[i]);
      if (v > peak) peak = v;
    }
    peaks[b] = peak;
  }
  const loudest = Math.max(...peaks);
  return loudest > 0 ? peaks.map((p) => p / loudest) : peaks;
}
