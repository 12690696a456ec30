// The running app (a second `next start` of the same build) with SPEECH_PROVIDER=elevenlabs,
// talking to the fake ElevenLabs on loopback: proves the SDK works inside the Next.js server
// (a server external package, loaded on the first upstream call) and that upstream failures
// reach callers as the documented statuses and codes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_API_KEY, startFakeElevenLabs, VOICES, type FakeElevenLabs } from "./fake-elevenlabs";
import { voiceAppForFile } from "./voice-app";

let fake: FakeElevenLabs;

beforeAll(async () => {
  fake = await startFakeElevenLabs();
});

afterAll(async () => {
  await fake?.close();
});

const { app, key, call } = voiceAppForFile("eleven", () => ({
  SPEECH_PROVIDER: "elevenlabs",
  ELEVENLABS_API_KEY: FAKE_API_KEY,
  ELEVENLABS_BASE_URL: fake.baseUrl,
  ELEVENLABS_TIMEOUT_MS: "1500",
  VOICES_CACHE_TTL_SECONDS: "1",
  ELEVENLABS_MODEL_MAP: "tts_v3=eleven_v3_preview,tts_turbo_v2_5=eleven_turbo_v2",
  // Above the default, so the body cap must follow the configured text limit.
  TTS_MAX_TEXT_LENGTH: "6000",
}));

const tts = (voice_id: string, output_format = "wav_8000") =>
  call("POST", "/tts", { text: `Press one ${Math.random()}`, voice_id, output_format });

describe("Voice API on ElevenLabs (fake upstream)", () => {
  it("lists the account's voices and keeps answering from a stale copy when ElevenLabs is down", async () => {
    const first = await call("GET", "/voices");
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(2);
    expect(first.body.voices[0]).toMatchObject({
      id: VOICES.rachel,
      name: "Rachel",
      gender: "female",
      preview_url: expect.stringMatching(/^https:/),
    });

    fake.failVoiceList = true;
    try {
      await new Promise((r) => setTimeout(r, 1100)); // past the 1 s TTL of this instance
      const stale = await call("GET", "/voices");
      expect(stale.status).toBe(200);
      expect(stale.body).toEqual(first.body);
    } finally {
      fake.failVoiceList = false;
    }
  });

  it("synthesizes, converts and stores a telephony WAV", async () => {
    const res = await tts(VOICES.rachel);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cached: false,
      content_type: "audio/wav",
      file_extension: ".wav",
      voice_settings: null,
    });
    const file = Buffer.from(await (await fetch(res.body.audio_url)).arrayBuffer());
    expect(file.readUInt32LE(24)).toBe(8000);
    expect(file.length).toBe(res.body.bytes);
    const sent = fake.requests.filter((r) => r.path === `/v1/text-to-speech/${VOICES.rachel}`).at(-1)!;
    expect(sent.query.get("output_format")).toBe("pcm_16000");
    expect(sent.body.model_id).toBe("eleven_multilingual_v2");
  });

  it("sends the upstream model ids ELEVENLABS_MODEL_MAP configures, defaults for the rest", async () => {
    const sentModel = async (model_id: string) => {
      const res = await call("POST", "/tts", { text: `Press two ${Math.random()}`, voice_id: VOICES.rachel, model_id });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.model_id).toBe(model_id);
      return fake.requests.filter((r) => r.path === `/v1/text-to-speech/${VOICES.rachel}`).at(-1)!.body.model_id;
    };
    expect(await sentModel("tts_v3")).toBe("eleven_v3_preview");
    expect(await sentModel("tts_turbo_v2_5")).toBe("eleven_turbo_v2");
    expect(await sentModel("tts_flash_v2_5")).toBe("eleven_flash_v2_5");
  });

  it.each([
    ["a format the plan lacks", VOICES.rachel, "mp3_44100_192", 400, "format_not_in_plan"],
    ["a voice the account lacks", "NotOnThisAccount009", "wav_8000", 404, "voice_not_found"],
    ["a second 429", VOICES.rateLimitedAlways, "wav_8000", 429, "rate_limited"],
    ["an upstream 500", VOICES.serverError, "wav_8000", 502, "upstream_error"],
    ["an upstream that does not answer in time", VOICES.slow, "wav_8000", 502, "upstream_error"],
    ["HTML instead of audio", VOICES.garbage, "wav_8000", 502, "upstream_error"],
  ])("answers %s (voice %s, %s) with %i %s", async (_name, voice, format, status, code) => {
    const res = await tts(voice, format);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  });

  it("accepts a text at a configured limit above the default even when its JSON is over 64 KB", async () => {
    // 6000 emoji: 6000 characters, 72 KB of JSON once escaped (12 bytes each).
    const text = "\u{1F600}".repeat(6000);
    const rawBody = JSON.stringify({ text, voice_id: VOICES.rachel }).replace(/\u{1F600}/gu, "\\ud83d\\ude00");
    expect(Buffer.byteLength(rawBody)).toBeGreaterThan(64 * 1024);
    const res = await fetch(`${app().baseUrl}/tts`, {
      method: "POST",
      headers: { "x-api-key": key(), "content-type": "application/json" },
      body: rawBody,
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.characters).toBe(6000);
    const over = await call("POST", "/tts", { text: "a".repeat(6001), voice_id: VOICES.rachel });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toMatch(/at most 6000 characters/);
  });

  it("retries a 429 once and succeeds", async () => {
    const res = await tts(VOICES.rateLimitedOnce);
    expect(res.status).toBe(200);
  });
});
