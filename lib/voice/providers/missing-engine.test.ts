// With Festival absent (FESTIVAL_PATH names no program), no Festival voice appears anywhere:
// not in GET /voices, not in the studio's list, not as a preview or a POST /tts voice; the
// failure is logged once and named by GET /health/details.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const previous = process.env.FESTIVAL_PATH;
let modules: {
  provider: typeof import("@/lib/voice/providers/local-provider");
  studio: typeof import("@/lib/voice/studio/load-voices");
  details: typeof import("@/lib/voice/health-details");
  preview: typeof import("@/lib/voice/get-voice-preview");
  tts: typeof import("@/lib/voice/create-tts");
  catalog: typeof import("@/lib/voice/voice-catalog");
  log: typeof import("@/lib/platform/log");
};

beforeAll(async () => {
  process.env.FESTIVAL_PATH = "/nonexistent/festival";
  vi.resetModules();
  modules = {
    provider: await import("@/lib/voice/providers/local-provider"),
    studio: await import("@/lib/voice/studio/load-voices"),
    details: await import("@/lib/voice/health-details"),
    preview: await import("@/lib/voice/get-voice-preview"),
    tts: await import("@/lib/voice/create-tts"),
    catalog: await import("@/lib/voice/voice-catalog"),
    log: await import("@/lib/platform/log"),
  };
});

afterAll(() => {
  if (previous === undefined) delete process.env.FESTIVAL_PATH;
  else process.env.FESTIVAL_PATH = previous;
  vi.resetModules();
});

const storageTarget: object = {};
const noStorage = new Proxy(storageTarget as never, {
  get: () => () => Promise.reject(new Error("storage must not be reached")),
});

describe("a local engine that fails its start-up probe", () => {
  it("has no voice anywhere, is logged once, and is named on /health/details", async () => {
    const warn = vi.spyOn(modules.log.logger(), "warn");
    const catalog = modules.catalog.getVoiceCatalog();
    const [api, studio] = await Promise.all([catalog.listVoices(), modules.studio.loadStudioVoices()]);
    expect(api.length).toBeGreaterThan(100);
    expect(studio.voices.map((v) => v.id)).toEqual(api.map((v) => v.id));
    for (const list of [api, studio.voices]) {
      expect(list.filter((v) => /festival/i.test(v.id + v.category + v.name))).toEqual([]);
      // Flite and eSpeak NG still answer.
      expect(list.some((v) => v.id === "fliteRms")).toBe(true);
      expect(list.some((v) => v.id === "espeakEnUs")).toBe(true);
    }
    // The default English voice is still the first installed one.
    expect(api[0].id).toBe("fliteRms");

    const details = await modules.details.healthDetails(catalog);
    expect(details.ok).toBe(true);
    const festival = details.engines.find((e) => e.engine === "festival");
    expect(festival).toMatchObject({ available: false, voices: 0 });
    expect(festival!.problem).toMatch(/not installed or not answering/);
    expect(details.engines.find((e) => e.engine === "flite")).toMatchObject({ available: true, problem: null });

    for (const id of ["festivalSlt", "festivalKal", "festivalKed"]) {
      expect(await catalog.voiceDefaults(id)).toBeNull();
      await expect(modules.preview.getVoicePreview(id, noStorage)).rejects.toMatchObject({ code: "voice_not_found" });
      await expect(
        modules.tts.createTts(
          {
            orgId: "org_missing_engine",
            body: {
              text: "Press one.",
              text_type: "text",
              lexicon_ids: [],
              voice_id: id,
              model_id: "tts_multilingual_v2",
              output_format: "wav_8000",
            },
          },
          { catalog, storage: noStorage, urlTtlSeconds: 60 },
        ),
      ).rejects.toMatchObject({ code: "voice_not_found" });
    }
    // Asked many times, reported once.
    await modules.provider.localEngineStatus();
    await catalog.listVoices();
    const festivalWarnings = warn.mock.calls.filter(
      ([fields]) => (fields as { engine?: string }).engine === "festival",
    );
    expect(festivalWarnings).toHaveLength(1);
  });
});
