// The ElevenLabs provider through the official SDK against a fake upstream on loopback.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseElevenLabsModelMap } from "@/lib/platform/env";
import { getOutputFormat } from "@/lib/voice/audio/formats";
import { toVoiceErrorResponse } from "@/lib/voice/errors";
import { createElevenLabsProvider, upstreamFormatFor } from "@/lib/voice/providers/elevenlabs-provider";
import { DEFAULT_VOICE_SETTINGS, UpstreamError, type SpeechProvider } from "@/lib/voice/providers/speech-provider";
import { FAKE_API_KEY, startFakeElevenLabs, VOICES, type FakeElevenLabs } from "../../../tests/voice/fake-elevenlabs";

let fake: FakeElevenLabs;
let provider: SpeechProvider;
const TIMEOUT_MS = 800;

beforeAll(async () => {
  fake = await startFakeElevenLabs();
  provider = createElevenLabsProvider({
    apiKey: FAKE_API_KEY,
    baseUrl: fake.baseUrl,
    timeoutMs: TIMEOUT_MS,
    retryDelayMs: 50,
  });
});
afterAll(async () => {
  await fake?.close();
});

function synth(
  voiceId: string,
  formatId = "wav_8000",
  modelId: "tts_multilingual_v2" | "tts_flash_v2_5" | "tts_turbo_v2_5" | "tts_v3" = "tts_multilingual_v2",
) {
  return provider.synthesize({
    text: "Press one.",
    voiceId,
    modelId,
    settings: DEFAULT_VOICE_SETTINGS,
    format: getOutputFormat(formatId),
  });
}

function requestsFor(voiceId: string) {
  return fake.requests.filter((r) => r.path === `/v1/text-to-speech/${voiceId}`);
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

async function apiError(error: unknown) {
  const res = toVoiceErrorResponse(error);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe("voices", () => {
  it("flattens the account's voices to the spec fields, with nulls where ElevenLabs has nothing", async () => {
    const voices = await provider.listVoices();
    expect(voices).toEqual([
      {
        id: VOICES.rachel,
        name: "Rachel",
        description: "Matter-of-fact, calm narrator.",
        category: "premade",
        gender: "female",
        age: "young",
        accent: "american",
        language: "en",
        locale: "en-US",
        languages: ["en", "es"],
        preview_url: "https://storage.example/voices/rachel/preview.mp3",
      },
      {
        id: VOICES.bare,
        name: "Bare",
        description: null,
        category: null,
        gender: null,
        age: null,
        accent: null,
        language: null,
        locale: null,
        languages: [],
        preview_url: null,
      },
    ]);
    expect(fake.requests.at(-1)?.headers["xi-api-key"]).toBe(FAKE_API_KEY);
  });

  it("reads a voice's stored defaults, and null for a voice the account does not have", async () => {
    expect(await provider.voiceDefaults(VOICES.rachel)).toEqual({
      stability: 0.3,
      similarity_boost: 0.8,
      style: 0.1,
      speed: 1,
      use_speaker_boost: true,
    });
    expect(await provider.voiceDefaults("NotOnThisAccount001")).toBeNull();
  });
});

describe("synthesis", () => {
  it("maps our model ids, sends every setting, and asks for PCM it can trim and level", async () => {
    for (const [ours, theirs] of [
      ["tts_multilingual_v2", "eleven_multilingual_v2"],
      ["tts_flash_v2_5", "eleven_flash_v2_5"],
      ["tts_turbo_v2_5", "eleven_turbo_v2_5"],
      ["tts_v3", "eleven_v3"],
    ] as const) {
      const pcm = await synth(VOICES.rachel, "wav_8000", ours);
      expect(pcm.sampleRate).toBe(16000);
      expect(pcm.samples.length).toBe(16000); // the fake's one second
      const sent = requestsFor(VOICES.rachel).at(-1)!;
      expect(sent.query.get("output_format")).toBe("pcm_16000");
      expect(sent.body).toEqual({
        text: "Press one.",
        model_id: theirs,
        voice_settings: { stability: 0.5, similarity_boost: 0.75, style: 0, speed: 1, use_speaker_boost: true },
      });
    }
  });

  it("sends the model ids a configured mapping names (ELEVENLABS_MODEL_MAP)", async () => {
    const models = parseElevenLabsModelMap("tts_v3=eleven_v3_alpha, tts_flash_v2_5=eleven_flash_v2");
    if (typeof models === "string") throw new Error(models);
    const mapped = createElevenLabsProvider({
      apiKey: FAKE_API_KEY,
      baseUrl: fake.baseUrl,
      timeoutMs: TIMEOUT_MS,
      models,
    });
    const sentModel = async (modelId: "tts_v3" | "tts_flash_v2_5" | "tts_multilingual_v2") => {
      await mapped.synthesize({
        text: "Press one.",
        voiceId: VOICES.rachel,
        modelId,
        settings: DEFAULT_VOICE_SETTINGS,
        format: getOutputFormat("wav_8000"),
      });
      return requestsFor(VOICES.rachel).at(-1)!.body.model_id;
    };
    expect(await sentModel("tts_v3")).toBe("eleven_v3_alpha");
    expect(await sentModel("tts_flash_v2_5")).toBe("eleven_flash_v2");
    expect(await sentModel("tts_multilingual_v2")).toBe("eleven_multilingual_v2"); // not named: the default
  });

  it("decodes MP3 where 44.1 kHz PCM would need a higher plan than the caller's format", async () => {
    expect(upstreamFormatFor(getOutputFormat("mp3_44100_64")).id).toBe("mp3_44100_128");
    const pcm = await synth(VOICES.rachel, "mp3_44100_64");
    expect(pcm.sampleRate).toBe(44100);
    expect(Math.abs(pcm.samples.length / 44100 - 1)).toBeLessThan(0.1);
  });

  it.each([
    ["wav_44100", 400],
    ["pcm_44100", 400],
    ["mp3_44100_192", 400],
    ["pcm_44100", 403],
  ])("turns the upstream plan rejection of %s (%i) into 400 format_not_in_plan", async (formatId, status) => {
    fake.planErrorStatus = status;
    try {
      const error = await failure(synth(VOICES.rachel, formatId));
      expect(error.kind).toBe("format_not_in_plan");
      const res = await apiError(error);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("format_not_in_plan");
      expect(res.body.error.message).toMatch(/higher tier/);
    } finally {
      fake.planErrorStatus = 400;
    }
  });

  it("turns an upstream 404 into 404 voice_not_found", async () => {
    const error = await failure(synth("NotOnThisAccount002"));
    expect(error.kind).toBe("voice_not_found");
    expect((await apiError(error)).status).toBe(404);
  });

  it("retries a 429 once after a short pause and then succeeds", async () => {
    const started = Date.now();
    const pcm = await synth(VOICES.rateLimitedOnce);
    expect(pcm.samples.length).toBeGreaterThan(0);
    expect(requestsFor(VOICES.rateLimitedOnce)).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45); // the 50 ms back-off happened
  });

  it("gives up after the second 429 with 429 rate_limited, having asked exactly twice", async () => {
    const error = await failure(synth(VOICES.rateLimitedAlways));
    expect(error.kind).toBe("rate_limited");
    expect(requestsFor(VOICES.rateLimitedAlways)).toHaveLength(2);
    const res = await apiError(error);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("rate_limited");
    expect(res.headers.get("retry-after")).toBe("1");
  });

  it("turns an upstream 500 into 502 upstream_error without retrying", async () => {
    const error = await failure(synth(VOICES.serverError));
    expect(error.kind).toBe("failed");
    expect(requestsFor(VOICES.serverError)).toHaveLength(1);
    const res = await apiError(error);
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("upstream_error");
  });

  it.each([
    ["a slow answer", VOICES.slow],
    ["a body that stalls after the headers", VOICES.slowBody],
  ])("times out on %s with 502 upstream_error", async (_name, voice) => {
    const started = Date.now();
    const error = await failure(synth(voice));
    const elapsed = Date.now() - started;
    expect(error.kind).toBe("failed");
    expect(error.message).toMatch(/did not answer within 800 ms/);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
  });

  it.each([
    ["HTML instead of audio", VOICES.garbage, "wav_8000"],
    ["bytes that are not MP3", VOICES.garbageMp3, "mp3_44100_128"],
    ["an empty body", VOICES.empty, "wav_8000"],
  ])("refuses %s with 502 upstream_error", async (_name, voice, formatId) => {
    const error = await failure(synth(voice, formatId));
    expect(error.kind).toBe("failed");
    expect(error.message).toMatch(/unusable audio|no audio/);
    expect((await apiError(error)).status).toBe(502);
  });

  it("fails cleanly with a wrong API key", async () => {
    const wrongKey = createElevenLabsProvider({ apiKey: "nope", baseUrl: fake.baseUrl, timeoutMs: TIMEOUT_MS });
    const error = await failure(wrongKey.listVoices());
    expect(error.kind).toBe("failed");
    expect((await apiError(error)).status).toBe(502);
  });
});
