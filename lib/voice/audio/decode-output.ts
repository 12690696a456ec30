import "server-only";
import { decodeAudio } from "@/lib/voice/audio/decode-audio";
import { parseWav, type PcmAudio } from "@/lib/voice/audio/pcm";
import { decodeAlaw, decodeMulaw, readS16le, waveformPeaks } from "@/lib/voice/audio/raw-audio";
import type { OutputFormat } from "@/lib/voice/audio/formats";

/**
 * The samples of a file we produced in `format`, at the format's own rate. Headerless and WAV
 * files are read here (ffmpeg cannot probe headerless audio); MP3 and Opus go through ffmpeg.
 */
export async function decodeOutput(bytes: Uint8Array, format: OutputFormat): Promise<PcmAudio> {
  const encoding = format.encoding;
  switch (encoding.container) {
    case "raw": {
      const samples =
        encoding.codec === "mulaw"
          ? decodeMulaw(bytes)
          : encoding.codec === "alaw"
            ? decodeAlaw(bytes)
            : readS16le(bytes);
      return { sampleRate: format.sampleRate, samples };
    }
    case "wav":
      return parseWav(bytes);
    default:
      return decodeAudio(bytes, format.sampleRate);
  }
}

/** Duration and a loudness outline (0..255 per bucket, the loudest bucket 255) of some audio. */
export function outlineAudio(pcm: PcmAudio, buckets = 64): { durationMs: number; peaks: Uint8Array } {
  // waveformPeaks scales by the loudest slice, so 16-bit samples outline as floats would.
  const peaks = Uint8Array.from(waveformPeaks(pcm.samples, buckets), (peak) => Math.round(peak * 255));
  return { durationMs: Math.round((pcm.samples.length / pcm.sampleRate) * 1000), peaks };
}
