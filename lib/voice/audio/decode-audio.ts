import "server-only";
import { pcmFromS16le, type PcmAudio } from "@/lib/voice/audio/pcm";
import { runProcess } from "@/lib/voice/audio/run-process";
import { env } from "@/lib/platform/env";

/** Decodes any audio ffmpeg understands (MP3, WAV, Ogg...) to mono s16le PCM at `sampleRate`. */
export async function decodeAudio(bytes: Uint8Array, sampleRate: number): Promise<PcmAudio> {
  const out = await runProcess(
    env().FFMPEG_PATH,
    [
      "-hide_banner",
      "-nostdin",
      "-v",
      "error",
      "-i",
      "pipe:0",
      "-ac",
      "1",
      "-ar",
      String(sampleRate),
      "-f",
      "s16le",
      "-c:a",
      "pcm_s16le",
      "pipe:1",
    ],
    bytes,
    { timeoutMs: 30_000 },
  );
  return pcmFromS16le(out, sampleRate);
}
