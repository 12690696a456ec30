// ELEVENLABS_MODEL_MAP: what it accepts, what it refuses with a message naming the problem.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EMBEDDED_DATABASE } from "@/lib/platform/config/embedded-database";
import { DEFAULT_ELEVENLABS_MODELS, inngestConfigured, parseElevenLabsModelMap, parseEnv } from "@/lib/platform/env";

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
    expect(inngestConfigured(parseEnv({ INNGEST_EVENT_KEY: "evt-key", INNGEST_SIGNING_KEY: "signkey-prod-abc" }))).toBe(
      true,
    );
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

describe("env: secrets in production", () => {
  const strong = { APP_SECRET: "a".repeat(16) + "B".repeat(16), AUTH_SECRET: "c".repeat(40) };

  it("gives development and tests the public dev-only secrets when none are set", () => {
    const e = parseEnv({});
    expect(e.APP_SECRET).toMatch(/^dev-only-/);
    expect(e.AUTH_SECRET).toMatch(/^dev-only-/);
  });

  it.each([
    [
      "missing",
      {},
      /APP_SECRET: is not set; production needs a random value of at least 32 characters \(generate one with `openssl rand -base64 32`\)/,
    ],
    [
      "the dev-only default",
      { APP_SECRET: "dev-only-app-secret-change-me-in-production" },
      /APP_SECRET: is the public dev-only default/,
    ],
    ["short", { APP_SECRET: "x".repeat(31) }, /APP_SECRET: is shorter than 32 characters/],
  ])("refuses an APP_SECRET that is %s, naming it", (_, secrets, message) => {
    expect(() => parseEnv({ NODE_ENV: "production", AUTH_SECRET: strong.AUTH_SECRET, ...secrets })).toThrow(message);
  });

  it("refuses a short AUTH_SECRET too, naming it", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "production", APP_SECRET: strong.APP_SECRET, AUTH_SECRET: "y".repeat(31) }),
    ).toThrow(
      /^Invalid environment: AUTH_SECRET: is shorter than 32 characters; production needs .*`openssl rand -base64 32`/,
    );
  });

  it("names both secrets when both are missing, and accepts long random ones", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/APP_SECRET: is not set.*; AUTH_SECRET: is not set/);
    expect(parseEnv({ NODE_ENV: "production", SMTP_URL: "smtp://relay:25", ...strong })).toMatchObject(strong);
  });

  it("lets `next build` (production mode, no secrets needed) through", () => {
    expect(() => parseEnv({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).not.toThrow();
  });
});

describe("env: mail in production", () => {
  const strong = { APP_SECRET: "a".repeat(32), AUTH_SECRET: "c".repeat(32) };

  it("refuses to start a production server with no SMTP_URL, naming the variable and the opt-out", () => {
    expect(() => parseEnv({ NODE_ENV: "production", ...strong })).toThrow(
      /^Invalid environment: SMTP_URL: is not set; production sends password-reset .*MAIL_OUTBOX_IN_PRODUCTION=1/,
    );
  });

  it("starts with an SMTP_URL, or with the outbox chosen explicitly; development needs neither", () => {
    expect(parseEnv({ NODE_ENV: "production", ...strong, SMTP_URL: "smtps://u:p@smtp.example.com:465" }).SMTP_URL).toBe(
      "smtps://u:p@smtp.example.com:465",
    );
    expect(
      parseEnv({ NODE_ENV: "production", ...strong, MAIL_OUTBOX_IN_PRODUCTION: "1" }).MAIL_OUTBOX_IN_PRODUCTION,
    ).toBe(true);
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
  });

  it("refuses an SMTP_URL that is not smtp:// or smtps://", () => {
    expect(() => parseEnv({ SMTP_URL: "https://smtp.example.com" })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });
});

describe("env: settings that need each other", () => {
  it.each([
    [{ STORAGE_DRIVER: "s3" }, /S3_BUCKET: required when STORAGE_DRIVER=s3/],
    [{ SPEECH_PROVIDER: "elevenlabs" }, /ELEVENLABS_API_KEY: required when SPEECH_PROVIDER=elevenlabs/],
    [{ S3_ACCESS_KEY_ID: "AKIA" }, /S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set/],
    [{ S3_SECRET_ACCESS_KEY: "secret" }, /S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set/],
    [{ AUTH_GITHUB_ID: "id" }, /AUTH_GITHUB_SECRET: required when AUTH_GITHUB_ID is set/],
    [{ AUTH_GITHUB_SECRET: "secret" }, /AUTH_GITHUB_ID: required when AUTH_GITHUB_SECRET is set/],
    [{ WEBHOOK_RETRY_SCHEDULE: "30,soon" }, /WEBHOOK_RETRY_SCHEDULE: must be one to four numbers of seconds/],
    [{ WEBHOOK_RETRY_SCHEDULE: "1,1,1,1,1" }, /WEBHOOK_RETRY_SCHEDULE: must be one to four numbers/],
    [{ FACE_ESTIMATION_PROVIDER_URL: "not a url" }, /FACE_ESTIMATION_PROVIDER_URL/],
    [{ FACE_ESTIMATION_PROVIDER: "http" }, /FACE_ESTIMATION_PROVIDER_URL: required when FACE_ESTIMATION_PROVIDER=http/],
    [{ FACE_ESTIMATION_PROVIDER: "remote" }, /FACE_ESTIMATION_PROVIDER: Invalid option/],
    [{ FACE_MATCH_MODEL: "arcface" }, /FACE_MATCH_MODEL: Invalid option/],
  ])("refuses %j, naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("matches faces on MobileFaceNet unless FACE_MATCH_MODEL names FaceRes", () => {
    expect(parseEnv({}).FACE_MATCH_MODEL).toBe("mobilefacenet");
    expect(parseEnv({ FACE_MATCH_MODEL: "faceres" }).FACE_MATCH_MODEL).toBe("faceres");
  });

  it("accepts complete settings", () => {
    expect(() =>
      parseEnv({
        STORAGE_DRIVER: "s3",
        S3_BUCKET: "prompts",
        SPEECH_PROVIDER: "elevenlabs",
        ELEVENLABS_API_KEY: "k",
        WEBHOOK_RETRY_SCHEDULE: "1,2.5,3",
      }),
    ).not.toThrow();
  });
});

describe(".env.example", () => {
  it("lists every variable the code reads", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    const listed = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const mentioned = (name: string) => listed.has(name) || example.includes(name);
    const schemaKeys = [
      ...readFileSync(path.join(root, "lib/platform/env.ts"), "utf8").matchAll(/^ {2}([A-Z][A-Z0-9_]+): z\./gm),
    ].map((m) => m[1]);
    // The docs' quickstarts are an integrator's program, not this app: the variables they read
    // (their key, their webhook secret) are theirs, and the test that runs them sets them.
    const integratorCode = (file: string) =>
      file.startsWith("lib/edge/openapi/reference/") || file === "tests/openapi/doc-snippets.test.ts";
    const sources = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.mjs"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((file) => file !== "" && !integratorCode(file));
    const readDirectly = sources.flatMap((file) =>
      [...readFileSync(path.join(root, file), "utf8").matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]),
    );
    const missing = [...new Set([...schemaKeys, ...readDirectly])].filter(
      (name) => !mentioned(name) && name !== "NODE_ENV",
    );
    expect(schemaKeys.length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });
});

describe(".env.example's values", () => {
  const example = readFileSync(path.resolve(import.meta.dirname, "../../.env.example"), "utf8");
  // Uncommented lines are defaults; commented ones are examples of what to set.
  const written = [...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.+)$/gm)].map((m) => [m[1], m[2]] as const);

  it("are the defaults the code uses", () => {
    const defaults = parseEnv({}) as unknown as Record<string, unknown>;
    const checked = written.filter(([name]) => defaults[name] !== undefined && name !== "NODE_ENV");
    expect(checked.length).toBeGreaterThan(20);
    for (const [name, value] of checked) {
      expect((parseEnv({ [name]: value }) as unknown as Record<string, unknown>)[name], name).toEqual(defaults[name]);
    }
  });

  it("state the embedded PostgreSQL defaults written once in lib/platform/config/embedded-database.ts", () => {
    const value = (name: string) => written.find(([n]) => n === name)?.[1];
    expect(value("EMBEDDED_PG_DIR")).toBe(EMBEDDED_DATABASE.dataDir);
    expect(value("EMBEDDED_PG_PORT")).toBe(String(EMBEDDED_DATABASE.port));
    expect(example).toContain(parseEnv({}).DATABASE_URL);
  });
});

describe("CSP_EXTRA_ORIGINS", () => {
  it("takes comma-separated origins and refuses what is not one, naming the variable", () => {
    expect(parseEnv({}).CSP_EXTRA_ORIGINS).toEqual([]);
    expect(
      parseEnv({ CSP_EXTRA_ORIGINS: " https://cdn.example.com/path , http://127.0.0.1:9000," }).CSP_EXTRA_ORIGINS,
    ).toEqual(["https://cdn.example.com", "http://127.0.0.1:9000"]);
    expect(() => parseEnv({ CSP_EXTRA_ORIGINS: "cdn.example.com" })).toThrow(/CSP_EXTRA_ORIGINS.*not an origin/);
  });
});
