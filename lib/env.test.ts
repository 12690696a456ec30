import { describe, expect, it } from "vitest";
import { inngestConfigured, parseEnv } from "@/lib/env";

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
