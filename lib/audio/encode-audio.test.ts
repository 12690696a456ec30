// Every output format from one real synthesis, checked with ffprobe and by byte arithmetic.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { activeSpeechLevelDbov, conditionSpeech } from "@/lib/audio/condition-speech";
import { decodeAudio } from "@/lib/audio/decode-audio";
import { encodePcm } from "@/lib/audio/encode-audio";
import { parseWav, pcmFromS16le, type PcmAudio } from "@/lib/audio/pcm";
import { OUTPUT_FORMATS, type OutputFormat } from "@/lib/voice/formats";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import { DEFAULT_VOICE_SETTINGS } from "@/lib/voice/providers/speech-provider";
import { targetFor } from "@/lib/voice/render-prompt";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), "voice-formats-"));

type Probe = {
  streams: { codec_name: string; sample_rate: string; channels: number; bit_rate?: string; bits_per_sample?: number }[];
  format: { format_name: string; duration: string; bit_rate?: string };
};

async function ffprobe(file: string, inputArgs: string[] = []): Promise<Probe> {
  const { stdout } = await run("ffprobe", ["-v", "error", ...inputArgs, "-print_format", "json", "-show_streams", "-show_format", file]);
  return JSON.parse(stdout);
}

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
        const file = path.join(dir, `${format.id}${format.fileExtension}`);
        writeFileSync(file, bytes);
        encoded.set(format.id, { bytes, file, input });
      }
    }),
  );
}, 60_000);

const seconds = (pcm: PcmAudio) => pcm.samples.length / pcm.sampleRate;

describe.each(OUTPUT_FORMATS.map((f) => [f.id, f] as [string, OutputFormat]))("%s", (_id, format) => {
  it("has the container, codec, rate, channels, bitrate and length the format names", async () => {
    const { bytes, file, input } = encoded.get(format.id)!;
    const expectedSeconds = seconds(input);
    const enc = format.encoding;
    if (enc.container === "wav") {
      // Canonical 44-byte header with final sizes, nothing after the data.
      expect(bytes.toString("ascii", 0, 4)).toBe("RIFF");
      expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
      expect(bytes.toString("ascii", 8, 16)).toBe("WAVEfmt ");
      expect(bytes.readUInt16LE(20)).toBe(1); // PCM
      expect(bytes.readUInt16LE(22)).toBe(1); // mono
      expect(bytes.readUInt32LE(24)).toBe(format.sampleRate);
      expect(bytes.readUInt16LE(34)).toBe(16);
      expect(bytes.toString("ascii", 36, 40)).toBe("data");
      expect(bytes.readUInt32LE(40)).toBe(bytes.length - 44);
      const probe = await ffprobe(file);
      expect(probe.format.format_name).toBe("wav");
      expect(probe.streams[0]).toMatchObject({ codec_name: "pcm_s16le", sample_rate: String(format.sampleRate), channels: 1 });
      expect((bytes.length - 44) / 2 / format.sampleRate).toBeCloseTo(expectedSeconds, 1);
    } else if (enc.container === "raw") {
      const bytesPerSample = enc.codec === "s16le" ? 2 : 1;
      expect(bytes.length % bytesPerSample).toBe(0);
      // Headerless: the length alone says how long it plays.
      expect(Math.abs(bytes.length / bytesPerSample / format.sampleRate - expectedSeconds)).toBeLessThan(0.01);
      const demuxer = enc.codec === "s16le" ? "s16le" : enc.codec;
      const probe = await ffprobe(file, ["-f", demuxer, "-ar", String(format.sampleRate), "-ac", "1"]);
      expect(probe.streams[0]).toMatchObject({
        codec_name: `pcm_${enc.codec}`,
        sample_rate: String(format.sampleRate),
        channels: 1,
      });
      expect(Number(probe.format.duration)).toBeCloseTo(expectedSeconds, 1);
      expect(bytes.subarray(0, 4).toString("ascii")).not.toMatch(/RIFF|OggS|ID3/);
    } else if (enc.container === "mp3") {
      const probe = await ffprobe(file);
      expect(probe.format.format_name).toBe("mp3");
      expect(probe.streams[0]).toMatchObject({ codec_name: "mp3", sample_rate: String(format.sampleRate), channels: 1 });
      expect(Number(probe.streams[0].bit_rate)).toBe(enc.bitrateKbps * 1000);
      expect(Math.abs(Number(probe.format.bit_rate) / 1000 - enc.bitrateKbps) / enc.bitrateKbps).toBeLessThan(0.05);
      expect(Math.abs(Number(probe.format.duration) - expectedSeconds)).toBeLessThan(0.1);
      expect(bytes.includes(Buffer.from("Info"))).toBe(true); // LAME's CBR header, written on a seekable file
      expect(bytes.subarray(0, 3).toString("ascii")).not.toBe("ID3");
    } else {
      const probe = await ffprobe(file);
      expect(probe.format.format_name).toBe("ogg");
      expect(bytes.subarray(0, 4).toString("ascii")).toBe("OggS");
      expect(probe.streams[0]).toMatchObject({ codec_name: "opus", sample_rate: "48000", channels: 1 });
      expect(Math.abs(Number(probe.format.bit_rate) / 1000 - enc.bitrateKbps) / enc.bitrateKbps).toBeLessThan(0.1);
      expect(Math.abs(Number(probe.format.duration) - expectedSeconds)).toBeLessThan(0.1);
    }
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
        ["-v", "error", "-f", (format.encoding as { codec: string }).codec, "-ar", "8000", "-ac", "1", "-i", encoded.get(id)!.file, "-f", "s16le", "pipe:1"],
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
