// The audio POST /tts really serves, through the running app: every output format rendered
// the way requests render it (pre-started encoder, spare ffmpeg pool, upload to storage),
// downloaded from its audio_url and checked with ffprobe; trimming on real eSpeak speech; and
// a cache hit whose stored object has gone missing.
import { createHash } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseWav, s16leBytes, wavHeader } from "@/lib/voice/audio/pcm";
import { OUTPUT_FORMATS, type OutputFormat } from "@/lib/voice/audio/formats";
import { expectEncodedAs, run, writeScratchFile } from "../support/audio-probe";
import { baseUrl } from "../support/api";
import { download, voiceApi } from "./voice-client";
import { newOrg } from "../support/fixtures";

const VOICE = "espeakEnUs";
const runId = Math.random().toString(36).slice(2, 6);
// Short, so 24 syntheses stay quick; ends in a full stop so eSpeak adds its ~350 ms of
// trailing silence, which trimming must cut down to the pad.
const TEXT = `Thank you for calling ${runId}. For billing, press 1.`;

let key: string;
let formatsTable: { id: string; content_type: string; file_extension: string }[];

beforeAll(async () => {
  key = (await newOrg("voice-audio")).testKey;
  const res = await voiceApi("GET", "/formats", { key });
  expect(res.status).toBe(200);
  formatsTable = res.body.formats;
});

async function tts(body: Record<string, unknown>) {
  const res = await voiceApi("POST", "/tts", { key, body: { voice_id: VOICE, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const file = await download(res.body.audio_url);
  expect(file.status).toBe(200);
  return { result: res.body, file };
}

/** Where the app under test keeps an object (its STORAGE_LOCAL_DIR is per port; see test-stack.ts). */
function storedPath(audioUrl: string): string {
  const port = new URL(baseUrl()).port;
  const key = new URL(audioUrl).searchParams.get("key")!;
  return path.resolve(".data/test-storage", port, key);
}

describe("every output format through POST /tts", () => {
  const downloads = new Map<string, { result: any; bytes: Buffer; contentType: string | null }>();
  let seconds: number;

  beforeAll(async () => {
    // Rendered a few at a time, as concurrent callers would (two cores).
    const queue = [...OUTPUT_FORMATS];
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let format = queue.shift(); format; format = queue.shift()) {
          const { result, file } = await tts({ text: TEXT, output_format: format.id });
          downloads.set(format.id, { result, bytes: file.bytes, contentType: file.headers.get("content-type") });
        }
      }),
    );
    // Every format comes from the same deterministic synthesis and the same trim, so all play
    // for as long as the 44.1 kHz WAV (whose length is exact by arithmetic).
    const reference = downloads.get("wav_44100")!.bytes;
    seconds = (reference.length - 44) / 2 / 44100;
  }, 120_000);

  it.each(OUTPUT_FORMATS.map((f) => [f.id, f] as [string, OutputFormat]))(
    "%s is the format it names, with the content type and extension /formats lists",
    async (id, format) => {
      const { result, bytes, contentType } = downloads.get(id)!;
      const listed = formatsTable.find((f) => f.id === id)!;
      expect(result).toMatchObject({
        cached: false,
        output_format: id,
        content_type: listed.content_type,
        file_extension: listed.file_extension,
        bytes: bytes.length,
        sha256: createHash("sha256").update(bytes).digest("hex"),
      });
      expect(contentType).toBe(listed.content_type);
      expect(seconds).toBeGreaterThan(1.5);
      await expectEncodedAs(bytes, format, seconds);
    },
  );
});

/**
 * Leading and trailing silence of a PCM WAV (below -50 dBFS for at least 20 ms), by ffmpeg's
 * silencedetect. It reports a silence running into the end of the file with its end at EOF.
 */
async function edgeSilence(wav: Buffer): Promise<{ leading: number; trailing: number; duration: number }> {
  const pcm = parseWav(wav);
  const duration = pcm.samples.length / pcm.sampleRate;
  // Canonical header: streaming writers (espeak-ng --stdout) leave placeholder sizes.
  const file = writeScratchFile(
    `edges-${Math.random().toString(36).slice(2)}.wav`,
    Buffer.concat([wavHeader(pcm.samples.byteLength, pcm.sampleRate), s16leBytes(pcm)]),
  );
  const { stderr } = await run("ffmpeg", [
    "-hide_banner",
    "-nostats",
    "-i",
    file,
    "-af",
    "silencedetect=noise=-50dB:d=0.02",
    "-f",
    "null",
    "-",
  ]);
  const silences: { start: number; end: number }[] = [];
  for (const m of stderr.matchAll(/silence_start: (-?[\d.]+)|silence_end: ([\d.]+)/g)) {
    if (m[1] !== undefined) silences.push({ start: Math.max(0, Number(m[1])), end: duration });
    else silences.at(-1)!.end = Number(m[2]);
  }
  const first = silences[0];
  const last = silences.at(-1);
  const leading = first && first.start <= 0.001 ? first.end : 0;
  const trailing = last && last.end >= duration - 0.005 ? duration - last.start : 0;
  return { leading, trailing, duration };
}

describe("trimming on real speech", () => {
  it("leaves at most about the documented 100 ms pad of silence at either end of a /tts prompt", async () => {
    const { file } = await tts({
      text: `Please hold ${runId}. Your call is important to us.`,
      output_format: "wav_8000",
    });
    const { leading, trailing, duration } = await edgeSilence(file.bytes);
    expect(duration).toBeGreaterThan(1);
    // 100 ms pad, plus up to one 10 ms analysis frame and the detector's own resolution.
    expect(leading).toBeLessThanOrEqual(0.13);
    expect(trailing).toBeLessThanOrEqual(0.13);
    // eSpeak ends every prompt in silence, so the pad itself is there: the tail is not clipped.
    expect(trailing).toBeGreaterThanOrEqual(0.07);
  });

  it("measures the untrimmed eSpeak tail as too long (so the check above can fail)", async () => {
    const { stdout } = await run(
      "espeak-ng",
      ["-v", "en-us", "-b", "1", "--stdout", "Please hold. Your call is important to us."],
      {
        encoding: "buffer",
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const { trailing } = await edgeSilence(stdout);
    expect(trailing).toBeGreaterThan(0.2);
  });
});

describe("a cache hit whose stored object is gone", () => {
  it("synthesizes and stores again, answering cached:false with a URL that downloads", async () => {
    const body = { text: `Lost and found ${runId}. Press 0 for the operator.`, output_format: "ulaw_8000" };
    const first = await tts(body);
    const again = await tts(body);
    expect(again.result.cached).toBe(true);

    const stored = storedPath(first.result.audio_url);
    expect(existsSync(stored)).toBe(true);
    rmSync(stored);
    expect((await download(first.result.audio_url)).status).toBe(404);

    const repaired = await tts(body);
    expect(repaired.result.cached).toBe(false);
    expect(repaired.file.bytes.length).toBe(repaired.result.bytes);
    expect(createHash("sha256").update(repaired.file.bytes).digest("hex")).toBe(repaired.result.sha256);
    expect(existsSync(storedPath(repaired.result.audio_url))).toBe(true);

    // And from then on it is an ordinary cache hit again.
    const after = await tts(body);
    expect(after.result.cached).toBe(true);
    expect(after.result.sha256).toBe(repaired.result.sha256);
  });
});
