// Every output format from one real synthesis, checked with ffprobe and by byte arithmetic.
import { beforeAll, describe, expect, it } from "vitest";
import { activeSpeechLevelDbov, conditionSpeech } from "@/lib/voice/audio/condition-speech";
import { decodeAudio } from "@/lib/voice/audio/decode-audio";
import { encodePcm } from "@/lib/voice/audio/encode-audio";
import { parseWav, pcmFromS16le, type PcmAudio } from "@/lib/voice/audio/pcm";
import { OUTPUT_FORMATS, type OutputFormat } from "@/lib/voice/audio/formats";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import { DEFAULT_VOICE_SETTINGS } from "@/lib/voice/providers/speech-provider";
import { targetFor } from "@/lib/voice/render-prompt";
import { expectEncodedAs, run, writeScratchFile } from "../../../tests/support/audio-probe";

const encoded = new Map<string, { bytes: Buffer; file: string; input: PcmAudio }>();

beforeAll(async () => {
  const pcm = await createLocalProvider().synthesize({
    text: "Thank you for calling. For billing, press 1. For technical support, press 2. To repeat these options, press 9.",
    voiceId: "espeakEnUs",
    modelId: "tts_multilingual_v2",
    settings: DEFAULT_VOICE_SETTINGS,
    format: OUTPUT_FORMATS[0],
  });
  // Synthesize once; encode 24 times, a few at a time (two cores).
  const queue = [...OUTPUT_FORMATS];
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      for (let format = queue.shift(); format; format = queue.shift()) {
        const input = conditionSpeech(pcm, targetFor(format)).pcm;
        const bytes = await encodePcm(input, format);
        const file = writeScratchFile(`${format.id}${format.fileExtension}`, bytes);
        encoded.set(format.id, { bytes, file, input });
      }
    }),
  );
}, 60_000);

const seconds = (pcm: PcmAudio) => pcm.samples.length / pcm.sampleRate;

describe.each(OUTPUT_FORMATS.map((f) => [f.id, f] as [string, OutputFormat]))("%s", (_id, format) => {
  it("has the container, codec, rate, channels, bitrate and length the format names", async () => {
    const { bytes, input } = encoded.get(format.id)!;
    await expectEncodedAs(bytes, format, seconds(input));
  });
});

describe("levels after encoding", () => {
  it("puts telephony files at -19 dBm0 active speech and wideband ones at -20 dBov", async () => {
    const level = async (id: string) => {
      const { bytes } = encoded.get(id)!;
      const format = OUTPUT_FORMATS.find((f) => f.id === id)!;
      if (format.encoding.container === "wav") return activeSpeechLevelDbov(parseWav(bytes))!;
      if (format.encoding.container === "raw" && format.encoding.codec === "s16le") {
        return activeSpeechLevelDbov(pcmFromS16le(bytes, format.sampleRate))!;
      }
      const { stdout } = await run(
        "ffmpeg",
        [
          "-v",
          "error",
          "-f",
          (format.encoding as { codec: string }).codec,
          "-ar",
          "8000",
          "-ac",
          "1",
          "-i",
          encoded.get(id)!.file,
          "-f",
          "s16le",
          "pipe:1",
        ],
        { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
      );
      return activeSpeechLevelDbov(pcmFromS16le(stdout, 8000))!;
    };
    // -19 dBm0 = -25.15 dBov; the 8 kHz band-limit and G.711 quantisation move it a little.
    for (const id of ["wav_8000", "ulaw_8000", "alaw_8000", "pcm_8000"]) {
      expect(Math.abs((await level(id)) - -25.15), id).toBeLessThan(1);
    }
    for (const id of ["wav_16000", "wav_44100", "pcm_24000"]) {
      expect(Math.abs((await level(id)) - -20), id).toBeLessThan(1);
    }
    // Decoded MP3 at 44.1 kHz should be level with its WAV sibling.
    const mp3 = await decodeAudio(encoded.get("mp3_44100_128")!.bytes, 44100);
    expect(Math.abs(activeSpeechLevelDbov(mp3)! - -20)).toBeLessThan(1);
  });
});
