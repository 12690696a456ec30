// ELEVENLABS_MODEL_MAP: what it accepts, what it refuses with a message naming the problem.
import { describe, expect, it } from "vitest";
import { DEFAULT_ELEVENLABS_MODELS, inngestConfigured, parseElevenLabsModelMap, parseEnv } from "@/lib/env";

describe("ELEVENLABS_MODEL_MAP", () => {
  it("is the default mapping when empty", () => {
    expect(parseElevenLabsModelMap("")).toEqual({
      tts_multilingual_v2: "eleven_multilingual_v2",
      tts_flash_v2_5: "eleven_flash_v2_5",
      tts_turbo_v2_5: "eleven_turbo_v2_5",
      tts_v3: "eleven_v3",
    });
  });

  it("overrides only the models it names, tolerating spaces and a trailing comma", () => {
    expect(parseElevenLabsModelMap(" tts_v3 = eleven_v3_alpha , tts_flash_v2_5=eleven_flash_v2,")).toEqual({
      ...DEFAULT_ELEVENLABS_MODELS,
      tts_v3: "eleven_v3_alpha",
      tts_flash_v2_5: "eleven_flash_v2",
    });
  });

  it.each([
    ["tts_v4=eleven_v4", /unknown model id "tts_v4"/],
    ["tts_v3", /not of the form/],
    ["tts_v3=a=b", /not of the form/],
    ["tts_v3=", /not an ElevenLabs model id/],
    ["tts_v3=eleven v3", /not an ElevenLabs model id/],
    ["tts_v3=a,tts_v3=b", /mapped twice/],
  ])("refuses %j", (value, message) => {
    expect(parseElevenLabsModelMap(value)).toMatch(message);
  });
});

describe("env: Inngest configuration", () => {
  it("runs background work in-process by default and on Inngest with both keys or a dev server", () => {
    expect(inngestConfigured(parseEnv({}))).toBe(false);
    expect(inngestConfigured(parseEnv({ INNGEST_EVENT_KEY: "", INNGEST_SIGNING_KEY: "" }))).toBe(false);
    expect(inngestConfigured(parseEnv({ INNGEST_EVENT_KEY: "evt-key", INNGEST_SIGNING_KEY: "signkey-prod-abc" }))).toBe(true);
    expect(inngestConfigured(parseEnv({ INNGEST_DEV: "1" }))).toBe(true);
    expect(inngestConfigured(parseEnv({ INNGEST_DEV: "1", INNGEST_SIGNING_KEY: "signkey-prod-abc" }))).toBe(true);
  });

  it("refuses half an Inngest configuration, naming the missing key", () => {
    expect(() => parseEnv({ INNGEST_SIGNING_KEY: "signkey-prod-abc" })).toThrow(
      /^Invalid environment: INNGEST_EVENT_KEY: required when INNGEST_SIGNING_KEY is set: Inngest needs both keys/,
    );
    expect(() => parseEnv({ INNGEST_EVENT_KEY: "evt-key", INNGEST_SIGNING_KEY: "" })).toThrow(
      /^Invalid environment: INNGEST_SIGNING_KEY: required when INNGEST_EVENT_KEY is set/,
    );
  });
});
