// POST /tts's domain function on the real database: the content cache, single flight, the
// cross-process guard, history rows, and that failures leave nothing behind.
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { createLocalStorage, type LocalStorage } from "@/lib/platform/storage/local-storage";
import { createTts, ttsCacheKey, type TtsDependencies } from "@/lib/voice/create-tts";
import { VoiceApiError } from "@/lib/voice/errors";
import { createElevenLabsProvider } from "@/lib/voice/providers/elevenlabs-provider";
import { createLocalProvider } from "@/lib/voice/providers/local-provider";
import { DEFAULT_VOICE_SETTINGS, UpstreamError, type SpeechProvider } from "@/lib/voice/providers/speech-provider";
import { ttsRequestBodySchema } from "@/lib/voice/schemas";
import { createVoiceCatalog } from "@/lib/voice/voice-catalog";
import { listTtsGenerations } from "@/lib/voice/list-tts-generations";

import { FAKE_API_KEY, startFakeElevenLabs, VOICES, type FakeElevenLabs } from "../../tests/voice/fake-elevenlabs";
import { newOrg } from "../../tests/support/fixtures";

let orgId: string;
let fake: FakeElevenLabs;

beforeAll(async () => {
  orgId = (await newOrg("tts")).orgId;
  fake = await startFakeElevenLabs();
});
afterAll(async () => {
  await fake?.close();
});

/** The content-cache key createTts uses for a request sent without voice_settings. */
function cacheKeyOf(request: ReturnType<typeof body>, providerId: string) {
  return ttsCacheKey({
    orgId,
    providerId,
    honouredSettings: createLocalProvider().honouredSettings,
    text: request.text,
    voiceId: request.voice_id,
    modelId: request.model_id,
    outputFormat: request.output_format,
    settings: DEFAULT_VOICE_SETTINGS,
  });
}

/** A provider wrapper that counts syntheses and can run code in the middle of one. */
function counting(inner: SpeechProvider, id: string, during?: () => Promise<void>) {
  const counter = { syntheses: 0 };
  const provider: SpeechProvider = {
    ...inner,
    id,
    async synthesize(request) {
      counter.syntheses++;
      const pcm = await inner.synthesize(request);
      await during?.();
      return pcm;
    },
  };
  return { provider, counter };
}

function setup(provider: SpeechProvider) {
  const dir = mkdtempSync(path.join(tmpdir(), "tts-storage-"));
  const storage: LocalStorage = createLocalStorage({
    dir,
    secret: "test-secret-0123456789",
    baseUrl: "http://app.test",
  });
  const deps: TtsDependencies = { catalog: createVoiceCatalog(provider, () => 3600_000), storage, urlTtlSeconds: 3600 };
  const files = () =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  return { deps, storage, files };
}

const body = (input: Record<string, unknown>) => ttsRequestBodySchema.parse(input);
const uniqueId = () => `local-${Math.random().toString(36).slice(2)}`;

describe("content cache", () => {
  it("stores the first result and serves identical requests from it", async () => {
    const { provider, counter } = counting(createLocalProvider(), uniqueId());
    const { deps, storage } = setup(provider);
    const request = body({ text: "For billing, press 1.", voice_id: "espeakEnUs", output_format: "alaw_8000" });

    const first = await createTts({ orgId, body: request }, deps);
    const second = await createTts({ orgId, body: request }, deps);
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.sha256).toBe(first.sha256);
    expect(second.bytes).toBe(first.bytes);
    expect(counter.syntheses).toBe(1);

    const key = new URL(first.audio_url).searchParams.get("key")!;
    const stored = await storage.get(key);
    expect(stored?.length).toBe(first.bytes);
    expect(createHash("sha256").update(stored!).digest("hex")).toBe(first.sha256);

    const history = await db.ttsGeneration.findMany({
      where: { orgId, sha256: first.sha256 },
      orderBy: { createdAt: "asc" },
    });
    expect(history.map((h) => h.cached)).toEqual([false, true]);
    expect(history[0]).toMatchObject({
      text: "For billing, press 1.",
      voiceId: "espeakEnUs",
      outputFormat: "alaw_8000",
      characters: 21,
      bytes: first.bytes,
    });
  });

  it("records a batch of prompts with quotes, backslashes, braces, commas and emoji exactly as sent", async () => {
    const own = (await newOrg("history")).orgId;
    const { provider } = counting(createLocalProvider(), uniqueId());
    const { deps } = setup(provider);
    const texts = [
      'Say "one", then {two}.',
      "Back\\slash \\N and NULL",
      "Emoji 😀, é, 中文",
      "  spaced  ",
      "O'Brien; -- drop",
    ];
    // Concurrent requests share one history INSERT (group commit): the batch must keep every field.
    await Promise.all(
      texts.map((text, i) =>
        createTts(
          {
            orgId: own,
            body: body({ text, voice_id: "espeakEnUs", ...(i % 2 ? { voice_settings: { speed: 0.8 + i / 10 } } : {}) }),
          },
          deps,
        ),
      ),
    );
    const rows = await db.ttsGeneration.findMany({ where: { orgId: own } });
    expect(rows.map((r) => r.text).sort()).toEqual([...texts].sort());
    for (const [i, text] of texts.entries()) {
      const row = rows.find((r) => r.text === text)!;
      expect(row.voiceSettings).toEqual(
        i % 2
          ? { stability: 0.5, similarity_boost: 0.75, style: 0, speed: 0.8 + i / 10, use_speaker_boost: true }
          : null,
      );
      expect(row.characters).toBe([...text].length);
    }
  });

  it("treats omitted settings and the voice's defaults spelled out as the same prompt", async () => {
    const { provider, counter } = counting(createLocalProvider(), uniqueId());
    const { deps } = setup(provider);
    const plain = await createTts({ orgId, body: body({ text: "Goodbye.", voice_id: "espeakEnGb" }) }, deps);
    const explicit = await createTts(
      {
        orgId,
        body: body({ text: "Goodbye.", voice_id: "espeakEnGb", voice_settings: { ...DEFAULT_VOICE_SETTINGS } }),
      },
      deps,
    );
    expect(plain.voice_settings).toBeNull();
    expect(explicit.voice_settings).toEqual(DEFAULT_VOICE_SETTINGS);
    expect(explicit.cached).toBe(true);
    expect(counter.syntheses).toBe(1);
  });

  it("synthesizes once for two requests differing only in a setting the provider does not honour", async () => {
    const { provider, counter } = counting(createLocalProvider(), uniqueId());
    const { deps } = setup(provider);
    const steady = await createTts(
      { orgId, body: body({ text: "Please hold.", voice_id: "festivalSlt", voice_settings: { stability: 0 } }) },
      deps,
    );
    const lively = await createTts(
      {
        orgId,
        body: body({ text: "Please hold.", voice_id: "festivalSlt", voice_settings: { stability: 1, style: 0.4 } }),
      },
      deps,
    );
    expect(steady.cached).toBe(false);
    expect(lively.cached).toBe(true);
    expect(lively.sha256).toBe(steady.sha256);
    // The answer still echoes what was asked for, and says what was applied and what was not.
    expect(lively.voice_settings).toMatchObject({ stability: 1, style: 0.4 });
    expect(lively.applied_settings).toEqual({ speed: 1 });
    expect(lively.warnings).toEqual([expect.stringMatching(/^voice_settings stability, style were not applied/)]);
    expect(steady.warnings).toEqual([expect.stringMatching(/^voice_settings stability was not applied/)]);
    expect(counter.syntheses).toBe(1);
  });

  it("says nothing was ignored when only honoured settings are sent, for every provider alike", async () => {
    const { deps } = setup(createLocalProvider());
    const res = await createTts(
      { orgId, body: body({ text: "Please hold.", voice_id: "fliteRms", voice_settings: { speed: 0.9 } }) },
      deps,
    );
    expect(res).toMatchObject({ applied_settings: { speed: 0.9 }, warnings: [], text_type: "text" });
  });

  it("speaks SSML: counts the spoken characters, keys it apart from the same text, and warns what a voice cannot do", async () => {
    const { provider, counter } = counting(createLocalProvider(), uniqueId());
    const { deps } = setup(provider);
    const ssml = `<speak>Call <say-as interpret-as="digits">0800</say-as><break time="300ms"/>now</speak>`;
    const marked = await createTts(
      { orgId, body: body({ text: ssml, text_type: "ssml", voice_id: "fliteRms" }) },
      deps,
    );
    const plain = await createTts({ orgId, body: body({ text: ssml, voice_id: "fliteRms" }) }, deps);
    expect(marked).toMatchObject({ text_type: "ssml", characters: "Call 0800 now".length, warnings: [] });
    expect(plain).toMatchObject({ text_type: "text", cached: false, characters: ssml.length });
    expect(plain.sha256).not.toBe(marked.sha256);
    expect(counter.syntheses).toBe(2);
    const phoneme = `<speak><phoneme alphabet="ipa" ph="ˈvɔɪsɪdʒ">Voiceage</phoneme></speak>`;
    const flite = await createTts(
      { orgId, body: body({ text: phoneme, text_type: "ssml", voice_id: "fliteRms" }) },
      deps,
    );
    expect(flite.warnings).toEqual([
      expect.stringMatching(/fliteRms cannot take a phoneme; "Voiceage" was spoken as written/),
    ]);
    const espeak = await createTts(
      { orgId, body: body({ text: phoneme, text_type: "ssml", voice_id: "espeakEnUs" }) },
      deps,
    );
    expect(espeak.warnings).toEqual([]);
  });

  it("synthesizes again when a setting the provider honours changes", async () => {
    const { provider, counter } = counting(createLocalProvider(), uniqueId());
    const { deps } = setup(provider);
    const normal = await createTts({ orgId, body: body({ text: "Please hold.", voice_id: "festivalSlt" }) }, deps);
    const slower = await createTts(
      { orgId, body: body({ text: "Please hold.", voice_id: "festivalSlt", voice_settings: { speed: 0.8 } }) },
      deps,
    );
    expect(slower.cached).toBe(false);
    expect(slower.sha256).not.toBe(normal.sha256);
    expect(counter.syntheses).toBe(2);
  });

  it("keys every setting for a provider that honours them all", () => {
    const key = (stability: number) =>
      ttsCacheKey({
        orgId,
        providerId: "elevenlabs",
        honouredSettings: ["stability", "similarity_boost", "style", "speed", "use_speaker_boost"],
        text: "Hi.",
        voiceId: "voice1234",
        modelId: "tts_multilingual_v2",
        outputFormat: "wav_8000",
        settings: { ...DEFAULT_VOICE_SETTINGS, stability },
      });
    expect(key(0)).not.toBe(key(1));
  });

  it("synthesizes 20 concurrent identical requests once", async () => {
    const { provider, counter } = counting(createLocalProvider(), uniqueId());
    const { deps } = setup(provider);
    const request = body({ text: "Please hold.", voice_id: "espeakEnUs", output_format: "mp3_22050_32" });
    const results = await Promise.all(Array.from({ length: 20 }, () => createTts({ orgId, body: request }, deps)));
    expect(counter.syntheses).toBe(1);
    expect(new Set(results.map((r) => r.sha256)).size).toBe(1);
    expect(results.filter((r) => !r.cached)).toHaveLength(1);
  });

  it("serves another process's audio when it stored the same key first, and drops its own", async () => {
    let other: { sha256: string; storageKey: string } | undefined;
    const id = uniqueId();
    const request = body({ text: "Race me.", voice_id: "espeakEnUs", output_format: "ulaw_8000" });
    const cacheKey = cacheKeyOf(request, id);
    let storage!: LocalStorage;
    // While we synthesize, "another process" finishes the same prompt and stores it.
    const { provider, counter } = counting(createLocalProvider(), id, async () => {
      const bytes = Buffer.from("the other process's audio");
      other = { sha256: createHash("sha256").update(bytes).digest("hex"), storageKey: `tts/other/${cacheKey}.ulaw` };
      await storage.put(other.storageKey, bytes, "audio/basic");
      await db.ttsAudio.create({
        data: {
          cacheKey,
          storageKey: other.storageKey,
          sha256: other.sha256,
          bytes: bytes.length,
          contentType: "audio/basic",
          fileExtension: ".ulaw",
        },
      });
    });
    const env = setup(provider);
    storage = env.storage;
    const result = await createTts({ orgId, body: request }, env.deps);
    expect(counter.syntheses).toBe(1);
    expect(result.sha256).toBe(other!.sha256);
    expect(result.cached).toBe(true);
    expect(new URL(result.audio_url).searchParams.get("key")).toBe(other!.storageKey);
    expect(env.files()).toEqual([`${cacheKey}.ulaw`]); // our copy was removed
    expect(await db.ttsAudio.count({ where: { cacheKey } })).toBe(1);
  });

  it("synthesizes a cached prompt again, once, when its stored object has gone", async () => {
    const { provider, counter } = counting(createLocalProvider(), uniqueId());
    const { deps, storage } = setup(provider);
    const request = body({ text: "Lost in storage.", voice_id: "espeakEnUs", output_format: "wav_8000" });
    const first = await createTts({ orgId, body: request }, deps);
    const firstKey = new URL(first.audio_url).searchParams.get("key")!;
    await storage.delete(firstKey);

    const results = await Promise.all(Array.from({ length: 10 }, () => createTts({ orgId, body: request }, deps)));
    expect(counter.syntheses).toBe(2);
    expect(results.filter((r) => !r.cached)).toHaveLength(1);
    for (const r of results) {
      const key = new URL(r.audio_url).searchParams.get("key")!;
      const stored = await storage.get(key);
      expect(stored?.length).toBe(r.bytes);
      expect(createHash("sha256").update(stored!).digest("hex")).toBe(r.sha256);
    }
    const cacheKey = cacheKeyOf(request, provider.id);
    const row = await db.ttsAudio.findUniqueOrThrow({ where: { cacheKey } });
    expect(row.sha256).toBe(results[0].sha256);
    expect(await storage.exists(row.storageKey)).toBe(true);
  });

  it("serves another process's repair of a lost object and drops its own", async () => {
    const id = uniqueId();
    const request = body({ text: "Repaired elsewhere.", voice_id: "espeakEnUs", output_format: "ulaw_8000" });
    const cacheKey = cacheKeyOf(request, id);
    let storage!: LocalStorage;
    let repairElsewhere = false;
    const otherBytes = Buffer.from("the other process's repaired audio");
    const otherKey = `tts/other/${cacheKey}-repaired.ulaw`;
    const { provider, counter } = counting(createLocalProvider(), id, async () => {
      if (!repairElsewhere) return;
      await storage.put(otherKey, otherBytes, "audio/basic");
      await db.ttsAudio.update({
        where: { cacheKey },
        data: {
          storageKey: otherKey,
          sha256: createHash("sha256").update(otherBytes).digest("hex"),
          bytes: otherBytes.length,
        },
      });
    });
    const env = setup(provider);
    storage = env.storage;
    const first = await createTts({ orgId, body: request }, env.deps);
    await storage.delete(new URL(first.audio_url).searchParams.get("key")!);

    repairElsewhere = true;
    const result = await createTts({ orgId, body: request }, env.deps);
    expect(counter.syntheses).toBe(2);
    expect(result.cached).toBe(true);
    expect(new URL(result.audio_url).searchParams.get("key")).toBe(otherKey);
    expect(result.bytes).toBe(otherBytes.length);
    expect(env.files()).toEqual([`${cacheKey}-repaired.ulaw`]); // our re-synthesis was removed
  });

  it("caches nothing and records nothing when synthesis fails", async () => {
    const failing: SpeechProvider = {
      ...createLocalProvider(),
      id: uniqueId(),
      synthesize: async () => {
        throw new UpstreamError("rate_limited", "busy");
      },
    };
    const { deps, files } = setup(failing);
    const before = await db.ttsGeneration.count({ where: { orgId } });
    await expect(
      createTts({ orgId, body: body({ text: "Never stored.", voice_id: "espeakEnUs" }) }, deps),
    ).rejects.toMatchObject({
      kind: "rate_limited",
    });
    expect(files()).toEqual([]);
    expect(await db.ttsAudio.count({ where: { storageKey: { contains: failing.id } } })).toBe(0);
    expect(await db.ttsGeneration.count({ where: { orgId } })).toBe(before);
  });

  it("rejects a voice the provider does not have with voice_not_found before synthesizing", async () => {
    const { provider, counter } = counting(createLocalProvider(), uniqueId());
    const { deps } = setup(provider);
    const error = await createTts({ orgId, body: body({ text: "Hi", voice_id: "espeakKlingon" }) }, deps).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(VoiceApiError);
    expect(error.code).toBe("voice_not_found");
    expect(counter.syntheses).toBe(0);
  });
});

describe("history", () => {
  it("lists an organisation's own prompts, newest first, with fresh download links", async () => {
    const own = (await newOrg("history")).orgId;
    const other = (await newOrg("history")).orgId;
    const { provider } = counting(createLocalProvider(), uniqueId());
    const { deps } = setup(provider);
    await createTts({ orgId: own, body: body({ text: "First.", voice_id: "espeakEnUs" }) }, deps);
    await createTts(
      { orgId: own, body: body({ text: "Second.", voice_id: "espeakEnUs", voice_settings: { speed: 0.9 } }) },
      deps,
    );
    await createTts({ orgId: other, body: body({ text: "Not yours.", voice_id: "espeakEnUs" }) }, deps);

    const history = await listTtsGenerations({ orgId: own }, deps);
    expect(history.map((h) => h.text)).toEqual(["Second.", "First."]);
    expect(history[0].voice_settings).toMatchObject({ speed: 0.9 });
    expect(history[1].voice_settings).toBeNull();
    const file = await deps.storage.get(new URL(history[0].audio_url!).searchParams.get("key")!);
    expect(createHash("sha256").update(file!).digest("hex")).toBe(history[0].sha256);
  });
});

describe("with the ElevenLabs provider (fake upstream)", () => {
  const eleven = () =>
    createElevenLabsProvider({ apiKey: FAKE_API_KEY, baseUrl: fake.baseUrl, timeoutMs: 2000, retryDelayMs: 20 });

  it("fills omitted settings from the voice's stored defaults and sends them upstream", async () => {
    const { deps } = setup(eleven());
    const text = `Hola ${Math.random()}`;
    const result = await createTts(
      {
        orgId,
        body: body({ text, voice_id: VOICES.rachel, model_id: "tts_flash_v2_5", voice_settings: { speed: 1.1 } }),
      },
      deps,
    );
    expect(result.voice_settings).toEqual({
      stability: 0.3,
      similarity_boost: 0.8,
      style: 0.1,
      speed: 1.1,
      use_speaker_boost: true,
    });
    const sent = fake.requests
      .filter((r) => r.path.startsWith("/v1/text-to-speech/"))
      .find((r) => r.body?.text === text)!;
    expect(sent.body.voice_settings).toEqual({
      stability: 0.3,
      similarity_boost: 0.8,
      style: 0.1,
      speed: 1.1,
      use_speaker_boost: true,
    });
    expect(sent.body.model_id).toBe("eleven_flash_v2_5");
    expect(result.content_type).toBe("audio/wav");
  });

  it.each([
    ["a plan-gated format", VOICES.rachel, "wav_44100", "format_not_in_plan"],
    ["a second 429", VOICES.rateLimitedAlways, "wav_8000", "rate_limited"],
    ["a 500", VOICES.serverError, "wav_8000", "failed"],
    ["garbage", VOICES.garbage, "wav_8000", "failed"],
  ])("stores nothing after %s", async (_name, voice, format, kind) => {
    const { deps, files } = setup(eleven());
    const text = `Nothing ${Math.random()}`;
    await expect(
      createTts({ orgId, body: body({ text, voice_id: voice, output_format: format }) }, deps),
    ).rejects.toMatchObject({ kind });
    expect(files()).toEqual([]);
    expect(await db.ttsGeneration.count({ where: { text } })).toBe(0);
  });

  it("answers 404 for a voice the account does not have", async () => {
    const { deps } = setup(eleven());
    await expect(
      createTts({ orgId, body: body({ text: "Hi", voice_id: "NotOnThisAccount003" }) }, deps),
    ).rejects.toMatchObject({
      code: "voice_not_found",
    });
  });
});

describe("voice list cache", () => {
  it("keeps answering from a warm cache while the provider is down, and refreshes after the TTL", async () => {
    let now = 1_000_000;
    const provider = createElevenLabsProvider({ apiKey: FAKE_API_KEY, baseUrl: fake.baseUrl, timeoutMs: 2000 });
    const catalog = createVoiceCatalog(
      provider,
      () => 3600_000,
      () => now,
    );
    const listCalls = () => fake.requests.filter((r) => r.path === "/v1/voices").length;

    const before = listCalls();
    const warm = await catalog.listVoices();
    await catalog.listVoices();
    now += 3599_000;
    await catalog.listVoices();
    expect(listCalls() - before).toBe(1); // one upstream call per hour

    fake.failVoiceList = true;
    try {
      now += 2_000; // past the hour: refresh fails, the stale copy answers
      expect(await catalog.listVoices()).toEqual(warm);
      expect(listCalls() - before).toBe(2);
      await catalog.listVoices(); // no hammering while it is down
      expect(listCalls() - before).toBe(2);

      // Nothing to fall back on: a cold cache turns the outage into an error.
      const cold = createVoiceCatalog(
        provider,
        () => 3600_000,
        () => now,
      );
      await expect(cold.listVoices()).rejects.toMatchObject({ kind: "failed" });
      expect(listCalls() - before).toBe(3);
    } finally {
      fake.failVoiceList = false;
    }
    now += 31_000; // after the retry pause, the recovered provider is asked again
    await catalog.listVoices();
    expect(listCalls() - before).toBe(4);
  });
});
