import { describe, expect, it } from "vitest";
import { ffmpegArgs } from "@/lib/voice/audio/encode-audio";
import { getOutputFormat, OUTPUT_FORMATS, serializeFormat } from "@/lib/voice/audio/formats";
import { ttsRequestBodySchema } from "@/lib/voice/schemas";

// The spec's list, in the spec's order.
const SPEC_FORMATS = [
  "wav_8000",
  "ulaw_8000",
  "alaw_8000",
  "pcm_8000",
  "wav_16000",
  "wav_22050",
  "wav_24000",
  "wav_44100",
  "pcm_16000",
  "pcm_22050",
  "pcm_24000",
  "pcm_44100",
  "mp3_22050_32",
  "mp3_24000_48",
  "mp3_44100_32",
  "mp3_44100_64",
  "mp3_44100_96",
  "mp3_44100_128",
  "mp3_44100_192",
  "opus_48000_32",
  "opus_48000_64",
  "opus_48000_96",
  "opus_48000_128",
  "opus_48000_192",
];

describe("the format table", () => {
  it("has exactly the spec's 24 formats", () => {
    expect(OUTPUT_FORMATS.map((f) => f.id)).toEqual(SPEC_FORMATS);
  });

  it("drives validation: every listed id is accepted and nothing else", () => {
    for (const id of SPEC_FORMATS) {
      expect(ttsRequestBodySchema.safeParse({ text: "x", voice_id: "espeakEnUs", output_format: id }).success).toBe(
        true,
      );
    }
    for (const id of ["wav_48000", "pcm_32000", "mp3", "WAV_8000", ""]) {
      expect(ttsRequestBodySchema.safeParse({ text: "x", voice_id: "espeakEnUs", output_format: id }).success).toBe(
        false,
      );
    }
  });

  it("names rate and bitrate consistently with the id", () => {
    for (const f of OUTPUT_FORMATS) {
      const [, rate, kbps] = f.id.split("_");
      expect(f.sampleRate).toBe(Number(rate));
      if (kbps) expect((f.encoding as { bitrateKbps: number }).bitrateKbps).toBe(Number(kbps));
      expect(f.fileExtension).toMatch(/^\.[a-z0-9]+$/);
    }
  });

  it("uses the extensions phone systems expect", () => {
    const ext = Object.fromEntries(OUTPUT_FORMATS.map((f) => [f.id, f.fileExtension]));
    expect(ext).toMatchObject({
      wav_8000: ".wav",
      wav_44100: ".wav",
      ulaw_8000: ".ulaw",
      alaw_8000: ".alaw",
      pcm_8000: ".sln",
      pcm_16000: ".sln16",
      pcm_22050: ".pcm",
      pcm_24000: ".sln24",
      pcm_44100: ".sln44",
      mp3_22050_32: ".mp3",
      opus_48000_192: ".opus",
    });
  });

  it("serializes to the Format resource with min_provider_plan only where the spec states one", () => {
    const serialized = OUTPUT_FORMATS.map(serializeFormat);
    expect(serialized.filter((f) => f.default).map((f) => f.id)).toEqual(["wav_8000"]);
    expect(
      Object.fromEntries(serialized.filter((f) => "min_provider_plan" in f).map((f) => [f.id, f.min_provider_plan])),
    ).toEqual({
      wav_44100: "pro",
      pcm_44100: "pro",
      mp3_44100_192: "creator",
    });
    expect(serialized.filter((f) => f.group === "telephony").map((f) => f.id)).toEqual([
      "wav_8000",
      "ulaw_8000",
      "alaw_8000",
      "pcm_8000",
    ]);
    expect(Object.keys(serializeFormat(getOutputFormat("wav_8000"))).sort()).toEqual(
      ["content_type", "default", "file_extension", "group", "id", "label"].sort(),
    );
  });

  it("drives ffmpeg: codec, rate and bitrate come from the table", () => {
    const args = (id: string) => ffmpegArgs(getOutputFormat(id), 22050, "out").join(" ");
    expect(args("ulaw_8000")).toContain("-ar 8000 -c:a pcm_mulaw -f mulaw");
    expect(args("alaw_8000")).toContain("-c:a pcm_alaw -f alaw");
    expect(args("mp3_24000_48")).toMatch(/-ar 24000 .*-c:a libmp3lame -b:a 48k/);
    expect(args("opus_48000_96")).toMatch(/-ar 48000 .*-c:a libopus -b:a 96k -vbr off -f ogg/);
  });
});
