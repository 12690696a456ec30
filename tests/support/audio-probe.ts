// ffprobe checks that a file is exactly the output format it claims to be. Shared by the
// encoder's own test (lib/voice/audio) and the tests of the path POST /tts really runs (tests/voice,
// lib/voice), so both hold audio to the same definition of each format.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";
import type { OutputFormat } from "@/lib/voice/audio/formats";

export const run = promisify(execFile);

export type Probe = {
  streams: { codec_name: string; sample_rate: string; channels: number; bit_rate?: string; bits_per_sample?: number }[];
  format: { format_name: string; duration: string; bit_rate?: string };
};

export async function ffprobe(file: string, inputArgs: string[] = []): Promise<Probe> {
  const { stdout } = await run("ffprobe", [
    "-v",
    "error",
    ...inputArgs,
    "-print_format",
    "json",
    "-show_streams",
    "-show_format",
    file,
  ]);
  return JSON.parse(stdout);
}

/** ffprobe's input options for a headerless format (raw PCM or G.711), none for the rest. */
function rawInputArgs(format: OutputFormat): string[] {
  const enc = format.encoding;
  if (enc.container !== "raw") return [];
  return ["-f", enc.codec, "-ar", String(format.sampleRate), "-ac", "1"];
}

let scratch: string | undefined;

/** Writes bytes to a scratch file named like the format's download, for ffprobe and ffmpeg. */
export function writeScratchFile(name: string, bytes: Buffer): string {
  scratch ??= mkdtempSync(path.join(tmpdir(), "voice-probe-"));
  const file = path.join(scratch, name);
  writeFileSync(file, bytes);
  return file;
}

/**
 * Asserts that `bytes` are `format` exactly: container, codec, sample rate, mono, bitrate
 * within tolerance, and (headerless formats) size arithmetic; and that it plays for
 * `seconds` (within the tolerance each container allows). Returns the probed duration.
 */
export async function expectEncodedAs(bytes: Buffer, format: OutputFormat, seconds: number): Promise<number> {
  const file = writeScratchFile(`${format.id}-${Math.random().toString(36).slice(2)}${format.fileExtension}`, bytes);
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
    expect(probe.streams[0]).toMatchObject({
      codec_name: "pcm_s16le",
      sample_rate: String(format.sampleRate),
      channels: 1,
    });
    const played = (bytes.length - 44) / 2 / format.sampleRate;
    expect(played).toBeCloseTo(seconds, 1);
    return played;
  }
  if (enc.container === "raw") {
    const bytesPerSample = enc.codec === "s16le" ? 2 : 1;
    expect(bytes.length % bytesPerSample).toBe(0);
    // Headerless: the length alone says how long it plays.
    const played = bytes.length / bytesPerSample / format.sampleRate;
    expect(Math.abs(played - seconds)).toBeLessThan(0.01);
    const probe = await ffprobe(file, rawInputArgs(format));
    expect(probe.streams[0]).toMatchObject({
      codec_name: `pcm_${enc.codec}`,
      sample_rate: String(format.sampleRate),
      channels: 1,
    });
    expect(Number(probe.format.duration)).toBeCloseTo(seconds, 1);
    expect(bytes.subarray(0, 4).toString("ascii")).not.toMatch(/RIFF|OggS|ID3/);
    return played;
  }
  if (enc.container === "mp3") {
    const probe = await ffprobe(file);
    expect(probe.format.format_name).toBe("mp3");
    expect(probe.streams[0]).toMatchObject({ codec_name: "mp3", sample_rate: String(format.sampleRate), channels: 1 });
    expect(Number(probe.streams[0].bit_rate)).toBe(enc.bitrateKbps * 1000);
    expect(Math.abs(Number(probe.format.bit_rate) / 1000 - enc.bitrateKbps) / enc.bitrateKbps).toBeLessThan(0.05);
    expect(Math.abs(Number(probe.format.duration) - seconds)).toBeLessThan(0.1);
    expect(bytes.includes(Buffer.from("Info"))).toBe(true); // LAME's CBR header, written on a seekable file
    expect(bytes.subarray(0, 3).toString("ascii")).not.toBe("ID3");
    return Number(probe.format.duration);
  }
  const probe = await ffprobe(file);
  expect(probe.format.format_name).toBe("ogg");
  expect(bytes.subarray(0, 4).toString("ascii")).toBe("OggS");
  expect(probe.streams[0]).toMatchObject({ codec_name: "opus", sample_rate: "48000", channels: 1 });
  expect(Math.abs(Number(probe.format.bit_rate) / 1000 - enc.bitrateKbps) / enc.bitrateKbps).toBeLessThan(0.1);
  expect(Math.abs(Number(probe.format.duration) - seconds)).toBeLessThan(0.1);
  return Number(probe.format.duration);
}
