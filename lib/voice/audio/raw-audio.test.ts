// The studio plays raw telephony files by decoding them in the browser. These tests hold the
// decoders to ffmpeg's (the same ffmpeg that encodes the files), byte for byte.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeAlaw, decodeMulaw, encodeWav, readS16le, toPlayableAudio, waveformPeaks } from "./raw-audio";

const ffmpeg = process.env.FFMPEG_PATH ?? "ffmpeg";
const ffprobe = process.env.FFPROBE_PATH ?? "ffprobe";
const dir = mkdtempSync(path.join(tmpdir(), "studio-raw-"));

/** Runs ffmpeg on `input` and returns its output file's bytes. */
function ffmpegConvert(input: Uint8Array, inputArgs: string[], outputArgs: string[]): Buffer {
  const inFile = path.join(dir, `in-${Math.random().toString(36).slice(2)}`);
  const outFile = `${inFile}.out`;
  writeFileSync(inFile, input);
  const run = spawnSync(ffmpeg, ["-v", "error", "-y", ...inputArgs, "-i", inFile, ...outputArgs, outFile]);
  expect(run.status, String(run.stderr)).toBe(0);
  return readFileSync(outFile);
}

const everyByte = Uint8Array.from({ length: 256 }, (_, i) => i);
const asS16 = (buffer: Buffer) => Array.from(readS16le(new Uint8Array(buffer)));

describe("G.711 and PCM decoding for the studio player", () => {
  it("decodes every μ-law byte exactly as ffmpeg does", () => {
    const reference = ffmpegConvert(everyByte, ["-f", "mulaw", "-ar", "8000", "-ac", "1"], ["-f", "s16le"]);
    expect(Array.from(decodeMulaw(everyByte))).toEqual(asS16(reference));
    // Spot checks from G.711: 0xFF is silence, 0x00 and 0x80 are the extremes.
    expect(Array.from(decodeMulaw(Uint8Array.of(0xff, 0x7f, 0x00, 0x80)))).toEqual([0, 0, -32124, 32124]);
  });

  it("decodes every A-law byte exactly as ffmpeg does", () => {
    const reference = ffmpegConvert(everyByte, ["-f", "alaw", "-ar", "8000", "-ac", "1"], ["-f", "s16le"]);
    expect(Array.from(decodeAlaw(everyByte))).toEqual(asS16(reference));
    expect(Array.from(decodeAlaw(Uint8Array.of(0xd5, 0x55, 0xaa, 0x2a)))).toEqual([8, -8, 32256, -32256]);
  });

  it("reads little-endian 16-bit PCM and ignores a dangling odd byte", () => {
    expect(Array.from(readS16le(Uint8Array.of(0x01, 0x00, 0xff, 0xff, 0x00, 0x80, 0x7f)))).toEqual([1, -1, -32768]);
  });

  it("writes a WAV that ffprobe and ffmpeg read back as the same samples", () => {
    const samples = Int16Array.from({ length: 8000 }, (_, i) =>
      Math.round(12000 * Math.sin((2 * Math.PI * 440 * i) / 8000)),
    );
    const wav = encodeWav(samples, 8000);
    expect(wav.length).toBe(44 + samples.length * 2);
    const file = path.join(dir, "probe.wav");
    writeFileSync(file, wav);
    const probe = spawnSync(
      ffprobe,
      ["-v", "error", "-show_entries", "stream=codec_name,sample_rate,channels,duration", "-of", "json", file],
      { encoding: "utf8" },
    );
    const stream = JSON.parse(probe.stdout).streams[0];
    expect(stream).toMatchObject({ codec_name: "pcm_s16le", sample_rate: "8000", channels: 1 });
    expect(Number(stream.duration)).toBeCloseTo(1, 3);
    const back = ffmpegConvert(wav, [], ["-f", "s16le"]);
    expect(asS16(back)).toEqual(Array.from(samples));
  });
});

describe("toPlayableAudio", () => {
  it("turns a raw μ-law file into a playable 8 kHz WAV and says so", () => {
    const ulaw = ffmpegConvert(
      encodeWav(
        Int16Array.from({ length: 800 }, (_, i) => (i % 40 < 20 ? 8000 : -8000)),
        8000,
      ),
      [],
      ["-f", "mulaw", "-ar", "8000", "-ac", "1"],
    );
    const playable = toPlayableAudio("ulaw_8000", new Uint8Array(ulaw));
    expect(playable.contentType).toBe("audio/wav");
    expect(playable.rendition).toMatch(/μ-law/);
    expect(new TextDecoder().decode(playable.bytes.slice(0, 4))).toBe("RIFF");
    expect(new DataView(playable.bytes.buffer).getUint32(24, true)).toBe(8000);
    expect(playable.bytes.length).toBe(44 + ulaw.length * 2);
  });

  it("wraps A-law and raw PCM at their own rates", () => {
    const alaw = toPlayableAudio("alaw_8000", new Uint8Array(100));
    expect(alaw.rendition).toMatch(/A-law/);
    const sln16 = toPlayableAudio("pcm_16000", new Uint8Array(200));
    expect(new DataView(sln16.bytes.buffer).getUint32(24, true)).toBe(16000);
    expect(sln16.bytes.length).toBe(44 + 200);
  });

  it("plays WAV, MP3 and Opus files as they are", () => {
    const bytes = Uint8Array.of(1, 2, 3);
    for (const [format, type] of [
      ["wav_8000", "audio/wav"],
      ["mp3_44100_128", "audio/mpeg"],
      ["opus_48000_64", "audio/ogg"],
    ]) {
      const playable = toPlayableAudio(format, bytes);
      expect(playable).toEqual({ bytes, contentType: type, rendition: null });
    }
  });
});

describe("waveformPeaks", () => {
  it("gives each slice its peak, scaled so the loudest is 1", () => {
    expect(waveformPeaks([0, 0.1, -0.5, 0.2, 0, 0, 0.25, -0.1], 4)).toEqual([0.2, 1, 0, 0.5]);
  });

  it("keeps silence at zero and never returns fewer bars than asked", () => {
    expect(waveformPeaks(new Float32Array(10), 3)).toEqual([0, 0, 0]);
    expect(waveformPeaks([], 2)).toEqual([0, 0]);
    expect(waveformPeaks([0.5, -1], 4)).toHaveLength(4);
  });
});
