// The one place that reads process.env. Every variable is listed, with its default, in
// .env.example. Parsed lazily so build steps that never touch configuration need none.
import { z } from "zod";
import { embeddedDatabaseUrl } from "@/lib/platform/config/embedded-database";
import { modelIds, type ModelId } from "@/lib/platform/config/model-ids";
import { isOneOf } from "@/lib/platform/narrow";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/** The built-in face match's descriptor models (FACE_MATCH_MODEL; docs/face-match.md). */
export const FaceMatchModelSchema = z.enum(["mobilefacenet", "faceres"]);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // Public origin of the app, used to build hosted-flow and local-storage URLs.
  APP_URL: z.string().url().default("http://localhost:3000"),
  DATABASE_URL: z.string().min(1).default(embeddedDatabaseUrl()),
  // The connection budget of one instance (docs/operations.md, "Scaling to several instances on
  // one PostgreSQL"): the
  // node-postgres pool Prisma runs on, and the postgres.js connections of the hot statements.
  DATABASE_POOL_MAX: z.coerce.number().int().positive().default(20),
  DATABASE_HOT_CONNECTIONS: z.coerce.number().int().positive().default(4),
  // How long a request waits on the database (a connection, or a hot statement's answer) before
  // it answers 500 internal_error with Retry-After: a server that stopped answering must not
  // hold callers for minutes (issue #48).
  DATABASE_WAIT_MS: z.coerce.number().int().positive().default(5000),
  // Set by Next.js itself (never by an operator); `next build` runs in production mode.
  NEXT_PHASE: z.string().optional(),
  // Secret for signing cursors, local storage URLs and encrypting webhook secrets at rest.
  // Outside production an unset secret takes a public dev-only value (see productionSecrets).
  APP_SECRET: z.string().optional(),
  AUTH_SECRET: z.string().optional(),
  AUTH_GITHUB_ID: z.string().optional(),
  AUTH_GITHUB_SECRET: z.string().optional(),
  // GitHub Enterprise Server's base URL (https://github.example.com); unset for github.com.
  AUTH_GITHUB_ENTERPRISE_URL: z.string().url().optional(),

  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(100),
  // Reverse proxies of ours in front of the app, each appending to X-Forwarded-For. 0: none, the
  // header is ignored and the socket's peer is the client (docs/security.md).
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // Serves /bench/empty (the framework's ceiling for `npm run bench`); 404 otherwise.
  BENCH_ROUTES: bool,
  // Offers the en-XA pseudo-locale in the hosted flow's language switch (always in development).
  PSEUDO_LOCALE: bool,

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
  // Prompts of one set synthesized at the same time by a generation job.
  PROMPT_SET_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  VOICES_CACHE_TTL_SECONDS: z.coerce.number().int().nonnegative().default(3600),
  FFMPEG_PATH: z.string().default("ffmpeg"),
  FFPROBE_PATH: z.string().default("ffprobe"),
  ESPEAK_NG_PATH: z.string().default("espeak-ng"),
  FESTIVAL_PATH: z.string().default("festival"),
  FLITE_PATH: z.string().default("flite"),

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

  // Live-mode verification providers (unset = method unavailable in live mode), except face
  // estimation, which has a built-in provider (local) unless FACE_ESTIMATION_PROVIDER_URL names a
  // vendor (http) or it is switched off (none).
  FACE_ESTIMATION_PROVIDER: z.enum(["local", "http", "none"]).optional(),
  FACE_ESTIMATION_PROVIDER_URL: z.string().url().optional(),
  // Challenge-age buffer override: when set, a face passes from required_age + this and fails under
  // required_age - this at every required age, instead of the measured per-age rules in
  // lib/verification/methods/face/decide-age.ts (docs/face-estimation.md).
  FACE_ESTIMATION_BUFFER_YEARS: z.coerce.number().min(0).max(30).optional(),
  FACE_ESTIMATION_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  // The most one photo may take in the estimator's worker (decoding and models) before the worker
  // is replaced and the photo answered as a timeout (lib/verification/methods/face/face-estimator.ts).
  FACE_ESTIMATION_PHOTO_BUDGET_MS: z.coerce.number().int().positive().default(5000),
  // Photos that may wait for the built-in estimator before more are refused (as a provider error).
  FACE_ESTIMATION_MAX_QUEUE: z.coerce.number().int().positive().default(8),
  // The most of one core the built-in estimator uses while the API is busy (it rests between
  // photos to stay under it); 1 = never rest.
  FACE_ESTIMATION_CPU_SHARE_WHEN_BUSY: z.coerce.number().min(0.1).max(1).default(0.5),
  // The built-in estimator's worker (and its models' memory) ends after this long without a photo.
  FACE_ESTIMATION_IDLE_MS: z.coerce.number().int().positive().default(600_000),
  // id_document: the built-in document reader and face match (local, the default unless
  // ID_DOCUMENT_PROVIDER_URL names a vendor), the vendor (http), Stripe Identity (stripe,
  // docs/stripe.md), or unavailable (none) (docs/id-document.md).
  ID_DOCUMENT_PROVIDER: z.enum(["local", "http", "stripe", "none"]).optional(),
  // The built-in face match's descriptor model (docs/face-match.md): MobileFaceNet (weights trained
  // on an MS-Celeb-1M-derived set, docs/decisions/0022-face-match-mobilefacenet.md) or FaceRes,
  // weaker, for comparison or where that provenance is not acceptable.
  FACE_MATCH_MODEL: FaceMatchModelSchema.default("mobilefacenet"),
  ID_DOCUMENT_PROVIDER_URL: z.string().url().optional(),
  // The most one document photo may take in the reader's worker before the worker is replaced and
  // the photo answered as a timeout (lib/verification/methods/id-document/read-document.ts).
  ID_DOCUMENT_READ_BUDGET_MS: z.coerce.number().int().positive().default(15000),
  // Document photos that may wait for the built-in reader before more are refused (no attempt counted).
  ID_DOCUMENT_MAX_QUEUE: z.coerce.number().int().positive().default(4),
  // credit_card: the vendor at CREDIT_CARD_PROVIDER_URL (http, the default when it is set), a
  // setup-mode Stripe Checkout (stripe, docs/stripe.md), or unavailable (none, the default otherwise).
  CREDIT_CARD_PROVIDER: z.enum(["http", "stripe", "none"]).optional(),
  CREDIT_CARD_PROVIDER_URL: z.string().url().optional(),
  // Stripe, for the stripe providers above (docs/stripe.md): the secret (or restricted) API key,
  // and the signing secret of the webhook endpoint /api/stripe/webhook.
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // How long one Stripe API request may take before the check counts as a provider error.
  STRIPE_TIMEOUT_MS: z.coerce.number().int().positive().default(15000),
  // Another address for Stripe's API (a TLS-inspecting egress proxy, or a Stripe-shaped fake in
  // tests), e.g. https://127.0.0.1:12111, and a PEM file of the certificate authority the Stripe
  // client alone trusts on top of the system's (nothing else in the process trusts it).
  STRIPE_API_URL: z.string().url().optional(),
  STRIPE_CA_FILE: z.string().optional(),

  // Mail (password reset, invitations): SMTP when set, e.g. smtps://user:pass@smtp.example.com:465;
  // unset, a development outbox (the console and /dashboard/outbox), which production refuses
  // unless MAIL_OUTBOX_IN_PRODUCTION=1 (docs/mail.md).
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^smtps?:\/\/[^/]/.test(v), "must be an smtp:// or smtps:// URL"),
  MAIL_FROM: z.string().min(3).default("VoiceAge <no-reply@localhost>"),
  MAIL_OUTBOX_IN_PRODUCTION: bool,

  // Structured logs (pino): the least severe level written.
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),

  // Content-Security-Policy: origins pages may also load images, audio and data from (a CDN in
  // front of storage, say), comma-separated. The storage and speech origins are added already.
  CSP_EXTRA_ORIGINS: z
    .string()
    .default("")
    .transform((list, ctx) => {
      const origins: string[] = [];
      for (const item of list
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)) {
        if (!URL.canParse(item)) {
          ctx.addIssue({ code: "custom", message: `"${item}" is not an origin such as https://cdn.example.com` });
          return z.NEVER;
        }
        origins.push(new URL(item).origin);
      }
      return origins;
    }),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = ParsedEnv & { APP_SECRET: string; AUTH_SECRET: string };

const DEV_SECRETS = {
  APP_SECRET: "dev-only-app-secret-change-me-in-production",
  AUTH_SECRET: "dev-only-auth-secret-change-me-in-production",
} as const;
const MIN_SECRET_LENGTH = 32;

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
  for (const entry of value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [ours, theirs, ...rest] = entry.split("=").map((part) => part.trim());
    if (theirs === undefined || rest.length > 0) return `"${entry}" is not of the form model_id=elevenlabs_model_id`;
    if (!isOneOf(modelIds, ours)) return `unknown model id "${ours}" (one of ${modelIds.join(", ")})`;
    if (!/^[A-Za-z0-9_.-]{1,100}$/.test(theirs))
      return `"${theirs}" is not an ElevenLabs model id (letters, digits, _ . -)`;
    if (seen.has(ours)) return `"${ours}" is mapped twice`;
    seen.add(ours);
    models[ours] = theirs;
  }
  return models;
}

// Inngest needs both keys: the event key to send it events (the relay), the signing key to
// verify its calls to /api/inngest. With only one, background work would be handed to an
// engine that never receives it or can never run it, so that is a configuration error at
// start-up rather than silent loss (or a quiet fall-back to in-process work the operator did
// not ask for). INNGEST_DEV=1 (a dev server) needs neither.
const inngestKeysTogether = (e: ParsedEnv, ctx: z.RefinementCtx) => {
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

const isProductionServer = (e: ParsedEnv) => e.NODE_ENV === "production" && e.NEXT_PHASE !== "phase-production-build";

// APP_SECRET signs cursors and storage URLs and encrypts webhook secrets; AUTH_SECRET signs
// dashboard sessions. The dev-only defaults are public (they are in .env.example), so a
// production server that ran on them would let anyone forge all of that: it does not start.
const productionSecrets = (e: ParsedEnv, ctx: z.RefinementCtx) => {
  if (!isProductionServer(e)) return;
  for (const name of ["APP_SECRET", "AUTH_SECRET"] as const) {
    const value = e[name];
    const problem = !value
      ? "is not set"
      : value.startsWith("dev-only-")
        ? "is the public dev-only default"
        : value.length < MIN_SECRET_LENGTH
          ? `is shorter than ${MIN_SECRET_LENGTH} characters`
          : null;
    if (!problem) continue;
    ctx.addIssue({
      code: "custom",
      path: [name],
      message: `${problem}; production needs a random value of at least ${MIN_SECRET_LENGTH} characters (generate one with \`openssl rand -base64 32\`)`,
    });
  }
};

// Settings that only make sense together: found at start-up, naming the variable, rather than by
// the first request that needs them.
const requiredTogether = (e: ParsedEnv, ctx: z.RefinementCtx) => {
  const need = (condition: boolean, name: keyof ParsedEnv, because: string) => {
    if (condition && !e[name]) ctx.addIssue({ code: "custom", path: [name], message: `required when ${because}` });
  };
  need(e.STORAGE_DRIVER === "s3", "S3_BUCKET", "STORAGE_DRIVER=s3");
  need(e.SPEECH_PROVIDER === "elevenlabs", "ELEVENLABS_API_KEY", "SPEECH_PROVIDER=elevenlabs");
  need(
    Boolean(e.S3_ACCESS_KEY_ID),
    "S3_SECRET_ACCESS_KEY",
    "S3_ACCESS_KEY_ID is set (or set neither for the default AWS credential chain)",
  );
  need(
    Boolean(e.S3_SECRET_ACCESS_KEY),
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY is set (or set neither for the default AWS credential chain)",
  );
  need(e.FACE_ESTIMATION_PROVIDER === "http", "FACE_ESTIMATION_PROVIDER_URL", "FACE_ESTIMATION_PROVIDER=http");
  need(e.ID_DOCUMENT_PROVIDER === "http", "ID_DOCUMENT_PROVIDER_URL", "ID_DOCUMENT_PROVIDER=http");
  need(e.ID_DOCUMENT_PROVIDER === "stripe", "STRIPE_SECRET_KEY", "ID_DOCUMENT_PROVIDER=stripe");
  // Without the webhook a user who never comes back from Stripe is never decided (docs/stripe.md).
  need(e.ID_DOCUMENT_PROVIDER === "stripe", "STRIPE_WEBHOOK_SECRET", "ID_DOCUMENT_PROVIDER=stripe");
  need(e.CREDIT_CARD_PROVIDER === "http", "CREDIT_CARD_PROVIDER_URL", "CREDIT_CARD_PROVIDER=http");
  need(e.CREDIT_CARD_PROVIDER === "stripe", "STRIPE_SECRET_KEY", "CREDIT_CARD_PROVIDER=stripe");
  need(Boolean(e.AUTH_GITHUB_ID), "AUTH_GITHUB_SECRET", "AUTH_GITHUB_ID is set (GitHub sign-in needs both)");
  need(Boolean(e.AUTH_GITHUB_SECRET), "AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET is set (GitHub sign-in needs both)");
  const schedule = e.WEBHOOK_RETRY_SCHEDULE.split(",").map((part) => part.trim());
  if (schedule.length > 4 || !schedule.every((part) => /^\d+(\.\d+)?$/.test(part))) {
    ctx.addIssue({
      code: "custom",
      path: ["WEBHOOK_RETRY_SCHEDULE"],
      message:
        "must be one to four numbers of seconds, comma-separated (the waits before attempts 2 to 5; a shorter list repeats its last value)",
    });
  }
};

// Password reset (and invitations) mail their links: a production server with no SMTP_URL would
// store them in the outbox table where nobody reads them, so it does not start unless the
// operator says that is what they want.
const productionMail = (e: ParsedEnv, ctx: z.RefinementCtx) => {
  if (!isProductionServer(e) || e.SMTP_URL || e.MAIL_OUTBOX_IN_PRODUCTION) return;
  ctx.addIssue({
    code: "custom",
    path: ["SMTP_URL"],
    message:
      "is not set; production sends password-reset and invitation mail through SMTP (smtps://user:pass@host:465). " +
      "Set MAIL_OUTBOX_IN_PRODUCTION=1 to keep mail in the development outbox instead (docs/mail.md)",
  });
};

/** Parses a set of variables (process.env in the app; any object in tests). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema
    .superRefine(inngestKeysTogether)
    .superRefine(productionSecrets)
    .superRefine(requiredTogether)
    .superRefine(productionMail)
    .safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return {
    ...parsed.data,
    APP_SECRET: parsed.data.APP_SECRET || DEV_SECRETS.APP_SECRET,
    AUTH_SECRET: parsed.data.AUTH_SECRET || DEV_SECRETS.AUTH_SECRET,
  };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Which provider checks face_estimation in live mode: FACE_ESTIMATION_PROVIDER, else http when a URL is set, else the built-in one. */
export function faceEstimationProvider(e: Env = env()): "local" | "http" | "none" {
  return e.FACE_ESTIMATION_PROVIDER ?? (e.FACE_ESTIMATION_PROVIDER_URL ? "http" : "local");
}

/** Which provider checks id_document in live mode: ID_DOCUMENT_PROVIDER, else http when a URL is set, else the built-in one. */
export function idDocumentProvider(
  e: Pick<Env, "ID_DOCUMENT_PROVIDER" | "ID_DOCUMENT_PROVIDER_URL"> = env(),
): "local" | "http" | "stripe" | "none" {
  return e.ID_DOCUMENT_PROVIDER ?? (e.ID_DOCUMENT_PROVIDER_URL ? "http" : "local");
}

/** Which provider checks credit_card in live mode: CREDIT_CARD_PROVIDER, else http when a URL is set, else none. */
export function creditCardProvider(
  e: Pick<Env, "CREDIT_CARD_PROVIDER" | "CREDIT_CARD_PROVIDER_URL"> = env(),
): "http" | "stripe" | "none" {
  return e.CREDIT_CARD_PROVIDER ?? (e.CREDIT_CARD_PROVIDER_URL ? "http" : "none");
}

/** Inngest runs background work when configured (both keys, or a dev server); otherwise the embedded runner does. */
export function inngestConfigured(e: Env = env()): boolean {
  return Boolean((e.INNGEST_EVENT_KEY && e.INNGEST_SIGNING_KEY) || e.INNGEST_DEV);
}
