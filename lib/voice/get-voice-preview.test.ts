// Local voice previews are "generated once and stored": the first request synthesizes and
// stores an MP3; later ones (also from a new process on the same storage) read it back.
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalStorage } from "@/lib/platform/storage/local-storage";
import { getVoicePreview } from "@/lib/voice/get-voice-preview";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import type { SpeechProvider } from "@/lib/voice/providers/speech-provider";
import { ffprobe } from "../../tests/support/audio-probe";

function countingProvider() {
  const inner = createLocalProvider();
  const counter = { syntheses: 0 };
  const provider: SpeechProvider = {
    ...inner,
    async synthesize(request) {
      counter.syntheses++;
      return inner.synthesize(request);
    },
  };
  return { provider, counter };
}

const storageAt = (dir: string) =>
  createLocalStorage({ dir, secret: "test-secret-0123456789", baseUrl: "http://app.test" });

function storedFiles(dir: string) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe("voice previews", () => {
  it("synthesizes once, stores a decodable MP3, and serves it from storage after that", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "preview-storage-"));
    const { provider, counter } = countingProvider();

    const first = await getVoicePreview("espeakEnUs", storageAt(dir), provider);
    expect(counter.syntheses).toBe(1);
    const files = storedFiles(dir);
    expect(files).toHaveLength(1);
    expect(path.relative(dir, files[0])).toMatch(/^previews\/local\/espeakEnUs-[0-9a-f]{16}\.mp3$/);
    const storedAt = statSync(files[0]).mtimeMs;

    const probe = await ffprobe(files[0]);
    expect(probe.format.format_name).toBe("mp3");
    expect(probe.streams[0]).toMatchObject({ codec_name: "mp3", sample_rate: "24000", channels: 1, bit_rate: "48000" });
    expect(Number(probe.format.duration)).toBeGreaterThan(0.5);

    const second = await getVoicePreview("espeakEnUs", storageAt(dir), provider);
    // A new storage object on the same directory stands in for another process or a restart.
    const { provider: freshProvider, counter: freshCounter } = countingProvider();
    const third = await getVoicePreview("espeakEnUs", storageAt(dir), freshProvider);
    expect(counter.syntheses).toBe(1);
    expect(freshCounter.syntheses).toBe(0);
    expect(second.equals(first)).toBe(true);
    expect(third.equals(first)).toBe(true);
    expect(storedFiles(dir)).toEqual(files);
    expect(statSync(files[0]).mtimeMs).toBe(storedAt);
  });

  it("synthesizes once for concurrent first requests", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "preview-storage-"));
    const { provider, counter } = countingProvider();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => getVoicePreview("espeakEnUs", storageAt(dir), provider)),
    );
    expect(counter.syntheses).toBe(1);
    expect(results.every((r) => r.equals(results[0]))).toBe(true);
  });
});
