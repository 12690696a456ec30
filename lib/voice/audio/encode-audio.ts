import "server-only";
import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { s16leBytes, wavHeader, type PcmAudio } from "@/lib/voice/audio/pcm";
import { encodeG711 } from "@/lib/voice/audio/raw-audio";
import { resamplePcm } from "@/lib/voice/audio/resample";
import { startProcess } from "@/lib/voice/audio/run-process";
import { env } from "@/lib/platform/env";
import type { OutputFormat } from "@/lib/voice/audio/formats";

const ENCODE_TIMEOUT_MS = 30_000;

/**
 * ffmpeg arguments that turn mono s16le PCM at `inputRate` on stdin into `format`. Metadata
 * and encoder version tags are stripped so a file's bytes depend only on the audio. The app runs
 * them for MP3 and Opus; the PCM formats (WAV, raw PCM, G.711) are written in JS (`writePcmFormat`),
 * and ffmpeg run with these arguments is the reference that JS is tested against.
 */
export function ffmpegArgs(format: OutputFormat, inputRate: number, output: string): string[] {
  const args = [
    "-hide_banner",
    "-nostdin",
    "-v",
    "error",
    "-f",
    "s16le",
    "-ar",
    String(inputRate),
    "-ac",
    "1",
    "-i",
    "pipe:0",
    "-map_metadata",
    "-1",
    "-fflags",
    "+bitexact",
    "-flags:a",
    "+bitexact",
    "-ac",
    "1",
    "-ar",
    String(format.sampleRate),
  ];
  const enc = format.encoding;
  switch (enc.container) {
    case "wav": // header written by us with final sizes: see encodePcm
      args.push("-c:a", "pcm_s16le", "-f", "s16le");
      break;
    case "raw":
      if (enc.codec === "s16le") args.push("-c:a", "pcm_s16le", "-f", "s16le");
      else if (enc.codec === "mulaw") args.push("-c:a", "pcm_mulaw", "-f", "mulaw");
      else args.push("-c:a", "pcm_alaw", "-f", "alaw");
      break;
    case "mp3":
      // Constant bitrate; written to a seekable file so LAME's Info tag (exact length,
      // encoder delay for gapless playback) gets filled in. No ID3 tags. LAME's quality 7 (its
      // "fast" preset) rather than its default 3: it trades some psychoacoustic refinement,
      // which matters little for speech at these constant bitrates, for about half the encode
      // time (see the uncached mp3_44100_128 prompt in `npm run bench`).
      args.push(
        "-c:a",
        "libmp3lame",
        "-b:a",
        `${enc.bitrateKbps}k`,
        "-compression_level",
        "7",
        "-id3v2_version",
        "0",
        "-write_id3v1",
        "0",
        "-f",
        "mp3",
      );
      break;
    case "ogg":
      // Hard CBR: the file has exactly the bitrate the format names, and sizes are predictable.
      args.push("-c:a", "libopus", "-b:a", `${enc.bitrateKbps}k`, "-vbr", "off", "-f", "ogg");
      break;
  }
  args.push("-y", output);
  return args;
}

export type Encoder = {
  inputRate: number;
  encode(pcm: PcmAudio): Promise<Buffer>;
  cancel(): void;
};

/** Spawns ffmpeg for one output; `encode` must then be given PCM at `inputRate`. */
function spawnEncoder(format: OutputFormat, inputRate: number): Encoder & { detach(): void } {
  const toFile = format.encoding.container === "mp3";
  const file = toFile ? path.join(tmpdir(), `voiceage-${randomBytes(8).toString("hex")}${format.fileExtension}`) : null;
  const proc = startProcess(env().FFMPEG_PATH, ffmpegArgs(format, inputRate, file ?? "pipe:1"), {
    timeoutMs: ENCODE_TIMEOUT_MS,
  });
  let settled = false;
  return {
    inputRate,
    detach: () => proc.detach(),
    async encode(pcm) {
      if (pcm.sampleRate !== inputRate) throw new Error(`encoder expects ${inputRate} Hz, got ${pcm.sampleRate} Hz`);
      settled = true;
      try {
        const stdout = await proc.run(s16leBytes(pcm));
        const body = file ? await readFile(file) : stdout;
        if (format.encoding.container === "wav")
          return Buffer.concat([wavHeader(body.length, format.sampleRate), body]);
        return body;
      } finally {
        if (file) await rm(file, { force: true });
      }
    },
    cancel() {
      if (settled) return;
      settled = true;
      proc.kill();
      if (file) void rm(file, { force: true });
    },
  };
}

// The Debian ffmpeg links a hundred-odd shared libraries and needs ~80 ms (more on a busy
// machine) before it reads a byte. For an uncached prompt that is a third of the budget, so
// each (format, input rate) in recent use keeps one spare ffmpeg loaded and waiting on stdin.
// A spare is replaced after its predecessor finishes (not during, to leave the CPU to the
// request), dies after a minute unused, and there are never more than MAX_SPARES of them.
const SPARE_IDLE_MS = 60_000;
const MAX_SPARES = 8;
const spares = new Map<string, { encoder: Encoder & { detach(): void }; timer: NodeJS.Timeout }>();

function spareKey(format: OutputFormat, inputRate: number) {
  return `${format.id}@${inputRate}`;
}

function addSpare(format: OutputFormat, inputRate: number) {
  const key = spareKey(format, inputRate);
  if (spares.has(key)) return;
  if (spares.size >= MAX_SPARES) {
    const [oldestKey, oldest] = spares.entries().next().value!;
    clearTimeout(oldest.timer);
    oldest.encoder.cancel();
    spares.delete(oldestKey);
  }
  const encoder = spawnEncoder(format, inputRate);
  encoder.detach();
  const timer = setTimeout(() => {
    if (spares.get(key)?.encoder === encoder) spares.delete(key);
    encoder.cancel();
  }, SPARE_IDLE_MS);
  timer.unref();
  spares.set(key, { encoder, timer });
}

/**
 * `pcm` in one of the PCM formats (WAV, raw PCM, G.711 μ-law/A-law): resampled and written in
 * JS, as ffmpeg would write them (resample.ts, encodeG711), with no process started. Starting
 * ffmpeg for these cost more CPU than the speech synthesis itself, and loading it was the largest
 * share of a cold prompt set's CPU (bench/results/2026-11-26-voices.md).
 */
async function writePcmFormat(pcm: PcmAudio, format: OutputFormat): Promise<Buffer> {
  const enc = format.encoding;
  const { samples } = await resamplePcm(pcm, format.sampleRate);
  if (enc.container === "raw" && enc.codec !== "s16le") return Buffer.from(encodeG711(samples, enc.codec));
  const body = Buffer.from(s16leBytes({ sampleRate: format.sampleRate, samples }));
  return enc.container === "wav" ? Buffer.concat([wavHeader(body.length, format.sampleRate), body]) : body;
}

/** The formats `writePcmFormat` writes: samples in a plain layout, no compression. */
function isPcmFormat(format: OutputFormat): boolean {
  return format.encoding.container === "wav" || format.encoding.container === "raw";
}

/**
 * An encoder into `format` from PCM at `inputRate`. PCM formats are written in JS; for MP3 and
 * Opus it is an ffmpeg, a waiting spare when there is one, else a fresh process: start it
 * before the audio exists so start-up overlaps synthesis.
 */
export function startEncoder(format: OutputFormat, inputRate: number): Encoder {
  if (isPcmFormat(format)) {
    return {
      inputRate,
      async encode(pcm) {
        if (pcm.sampleRate !== inputRate) throw new Error(`encoder expects ${inputRate} Hz, got ${pcm.sampleRate} Hz`);
        return writePcmFormat(pcm, format);
      },
      cancel: () => undefined,
    };
  }
  const key = spareKey(format, inputRate);
  const spare = spares.get(key);
  if (spare) {
    spares.delete(key);
    clearTimeout(spare.timer);
  }
  const encoder = spare?.encoder ?? spawnEncoder(format, inputRate);
  const replenish = () => addSpare(format, inputRate);
  return {
    inputRate,
    async encode(pcm) {
      try {
        return await encoder.encode(pcm);
      } finally {
        replenish();
      }
    },
    cancel: () => encoder.cancel(),
  };
}

/** Stops every spare encoder (tests and scripts that want to exit promptly). */
export function stopSpareEncoders() {
  for (const { encoder, timer } of spares.values()) {
    clearTimeout(timer);
    encoder.cancel();
  }
  spares.clear();
}

/** Encodes PCM into `format` (one ffmpeg run for MP3 and Opus). */
export function encodePcm(pcm: PcmAudio, format: OutputFormat): Promise<Buffer> {
  return startEncoder(format, pcm.sampleRate).encode(pcm);
}
