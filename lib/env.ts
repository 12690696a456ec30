// The one place that reads process.env. Every variable is listed, with its default, in
// .env.example. Parsed lazily so build steps that never touch configuration need none.
import { z } from "zod";
import { modelIds, type ModelId } from "@/lib/voice/schemas";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // Public origin of the app, used to build hosted-flow and local-storage URLs.
  APP_URL: z.string().url().default("http://localhost:3000"),
  DATABASE_URL: z.string().min(1).default("postgresql://postgres:postgres@127.0.0.1:54329/voiceage"),
  // Secret for signing cursors, local storage URLs and encrypting webhook secrets at rest.
  APP_SECRET: z.string().min(16).default("dev-only-app-secret-change-me-in-production"),
  AUTH_SECRET: z.string().min(16).default("dev-only-auth-secret-change-me-in-production"),
  AUTH_GITHUB_ID: z.string().optional(),
  AUTH_GITHUB_SECRET: z.string().optional(),
  // GitHub Enterprise Server's base URL (https://github.example.com); unset for github.com.
  AUTH_GITHUB_ENTERPRISE_URL: z.string().url().optional(),

  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(100),
  // Serves /bench/empty (the framework's ceiling for `npm run bench`); 404 otherwise.
  BENCH_ROUTES: bool,

  // Voice
  SPEECH_PROVIDER: z.enum(["local", "elevenlabs"]).default("local"),
  ELEVENLABS_API_KEY: z.string().optional(),
  ELEVENLABS_BASE_URL: z.string().url().default("https://api.elevenlabs.io"),
  ELEVENLABS_TIMEOUT_MS: z.coerce.number().int().positive().default(30000),
  // Our model ids -> ElevenLabs model ids, e.g. "tts_v3=eleven_v3,tts_flash_v2_5=eleven_flash_v2_5";
  // models left out keep their default mapping.
  ELEVENLABS_MODEL_MAP: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const parsed = parseElevenLabsModelMap(value);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  TTS_MAX_TEXT_LENGTH: z.coerce.number().int().positive().default(1000),
  AUDIO_URL_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  VOICES_CACHE_TTL_SECONDS: z.coerce.number().int().nonnegative().default(3600),
  FFMPEG_PATH: z.string().default("ffmpeg"),
  FFPROBE_PATH: z.string().default("ffprobe"),
  ESPEAK_NG_PATH: z.string().default("espeak-ng"),

  // Storage
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  STORAGE_LOCAL_DIR: z.string().default(".data/storage"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: bool,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),

  // Webhooks and background work
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool,
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  // Seconds to wait before attempts 2..5 (comma-separated).
  WEBHOOK_RETRY_SCHEDULE: z.string().default("30,120,600,3600"),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(1800),
  JOB_RUNNER: z.enum(["auto", "embedded", "off"]).default("auto"),
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(500),
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_DEV: bool,

  // Live-mode verification providers (unset = method unavailable in live mode).
  FACE_ESTIMATION_PROVIDER_URL: z.string().url().optional(),
  ID_DOCUMENT_PROVIDER_URL: z.string().url().optional(),
  CREDIT_CARD_PROVIDER_URL: z.string().url().optional(),

  // Structured logs (pino): the least severe level written.
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

/** Our public model ids -> ElevenLabs model ids, unless ELEVENLABS_MODEL_MAP says otherwise. */
export const DEFAULT_ELEVENLABS_MODELS: Record<ModelId, string> = {
  tts_multilingual_v2: "eleven_multilingual_v2",
  tts_flash_v2_5: "eleven_flash_v2_5",
  tts_turbo_v2_5: "eleven_turbo_v2_5",
  tts_v3: "eleven_v3",
};

/**
 * "tts_v3=eleven_v3,tts_flash_v2_5=my_model" -> the full mapping (defaults for models not
 * named), or a message saying what is wrong with it.
 */
export function parseElevenLabsModelMap(value: string): Record<ModelId, string> | string {
  const models = { ...DEFAULT_ELEVENLABS_MODELS };
  const seen = new Set<string>();
  for (const entry of value.split(",").map((e) => e.trim()).filter(Boolean)) {
    const [ours, theirs, ...rest] = entry.split("=").map((part) => part.trim());
    if (theirs === undefined || rest.length > 0) return `"${entry}" is not of the form model_id=elevenlabs_model_id`;
    if (!(modelIds as readonly string[]).includes(ours)) return `unknown model id "${ours}" (one of ${modelIds.join(", ")})`;
    if (!/^[A-Za-z0-9_.-]{1,100}$/.test(theirs)) return `"${theirs}" is not an ElevenLabs model id (letters, digits, _ . -)`;
    if (seen.has(ours)) return `"${ours}" is mapped twice`;
    seen.add(ours);
    models[ours as ModelId] = theirs;
  }
  return models;
}

// Inngest needs both keys: the event key to send it events (the relay), the signing key to
// verify its calls to /api/inngest. With only one, background work would be handed to an
// engine that never receives it or can never run it, so that is a configuration error at
// start-up rather than silent loss (or a quiet fall-back to in-process work the operator did
// not ask for). INNGEST_DEV=1 (a dev server) needs neither.
const inngestKeysTogether = (e: Env, ctx: z.RefinementCtx) => {
  if (e.INNGEST_DEV || Boolean(e.INNGEST_EVENT_KEY) === Boolean(e.INNGEST_SIGNING_KEY)) return;
  const [missing, present] = e.INNGEST_EVENT_KEY
    ? ["INNGEST_SIGNING_KEY", "INNGEST_EVENT_KEY"]
    : ["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY"];
  ctx.addIssue({
    code: "custom",
    path: [missing],
    message:
      `required when ${present} is set: Inngest needs both keys (or INNGEST_DEV=1 for a dev server). ` +
      "Set both to run background work on Inngest, or neither to run it in-process.",
  });
};

/** Parses a set of variables (process.env in the app; any object in tests). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.superRefine(inngestKeysTogether).safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Inngest runs background work when configured (both keys, or a dev server); otherwise the embedded runner does. */
export function inngestConfigured(e: Env = env()): boolean {
  return Boolean((e.INNGEST_EVENT_KEY && e.INNGEST_SIGNING_KEY) || e.INNGEST_DEV);
}
