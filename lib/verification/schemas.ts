// zod schemas of the Age Verification API: request validation, responses and the OpenAPI
// document all come from here. Importable by client and server.
import { z } from "zod";
import { idPattern } from "@/lib/platform/ids";
import { modeSchema } from "@/lib/account/keys/key-mode";
import { maxCharacters } from "@/lib/platform/text/characters";
import { matchSupportedLocale, SUPPORTED_LOCALES } from "@/lib/verification/locale/locales";
import { verificationMethods } from "@/lib/verification/methods/types";

export const sessionStatuses = ["created", "in_progress", "passed", "failed", "expired"] as const;
export type SessionStatus = (typeof sessionStatuses)[number];
export const webhookEventTypes = ["verification_session.completed", "verification_session.expired"] as const;
const confidenceLevels = ["high", "medium", "low"] as const;
/** outcome.result values: "pass"; failures say why (see README, "Outcome results"). */
const outcomeResults = ["pass", "fail", "inconclusive"] as const;

const methodSchema = z.enum(verificationMethods);

const supportedList = SUPPORTED_LOCALES.join(", ");
// Case-insensitive as BCP 47 is ("pt-br" is pt-BR); stored and returned in canonical case.
const localeSchema = z
  .string({ error: "locale must be a string" })
  .transform((tag, ctx) => {
    const match = matchSupportedLocale(tag);
    if (match === "malformed" || match === "unsupported") {
      ctx.addIssue({
        code: "custom",
        message:
          match === "malformed"
            ? `locale must be a BCP 47 language tag, one of: ${supportedList}`
            : `locale "${tag}" is not supported; supported locales: ${supportedList}`,
      });
      return z.NEVER;
    }
    return match;
  })
  .meta({
    type: "string",
    enum: [...SUPPORTED_LOCALES],
    description:
      "The language of the hosted flow and its mails (BCP 47, case-insensitive, returned in canonical case). " +
      `Supported: ${supportedList}. Without it the browser's Accept-Language decides, falling back to en.`,
  });
const defaultMethods = ["face_estimation", "id_document"] as const;

// zod's default sentence for a missing field ("expected string, received undefined") does not
// tell an integrator what to do; these do.
const requiredString = (field: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) });

/**
 * Text PostgreSQL can store as given: no U+0000 (text and jsonb refuse it) and no unpaired
 * surrogate (jsonb refuses it; text would store U+FFFD, so a retrieve would differ from create).
 */
const isStorableText = (value: string) => value.isWellFormed() && !value.includes("\u0000");
const storableTextMessage = (what: string) => `${what} must be Unicode text without NUL (\\u0000) characters`;

/** Longest accepted URL (return_url, webhook url), in characters. */
export const MAX_URL_CHARACTERS = 2048;

// JSON Schema states the scheme as a pattern (case-insensitive, as URL schemes are); the rest of
// "absolute URL with a host" is what the WHATWG URL parser accepts, said in the description.
const HTTP_URL_PATTERN = "^[Hh][Tt][Tt][Pp][Ss]?://";
export const HTTPS_URL_PATTERN = "^[Hh][Tt][Tt][Pp][Ss]://";

export const absoluteUrl = (field: string, protocols: string[], message: string) =>
  maxCharacters(requiredString(field), MAX_URL_CHARACTERS, `${field} must be at most ${MAX_URL_CHARACTERS} characters`)
    .refine(isStorableText, storableTextMessage(field))
    .refine((value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && Boolean(url.hostname);
      } catch {
        return false;
      }
    }, message);

const httpUrl = (field: string) =>
  absoluteUrl(field, ["http:", "https:"], `${field} must be an absolute http(s) URL`).meta({
    pattern: HTTP_URL_PATTERN,
    description: `An absolute http or https URL with a host, at most ${MAX_URL_CHARACTERS} characters.`,
  });

const MAX_METADATA_PAIRS = 20;
const MAX_METADATA_KEY_CHARACTERS = 40;
const MAX_METADATA_VALUE_CHARACTERS = 500;

const metadataSchema = z
  .record(
    maxCharacters(
      z.string().min(1, "metadata keys must not be empty"),
      MAX_METADATA_KEY_CHARACTERS,
      `metadata keys must be at most ${MAX_METADATA_KEY_CHARACTERS} characters`,
    ).refine(isStorableText, storableTextMessage("metadata keys")),
    maxCharacters(
      z.string({ error: "metadata values must be strings" }),
      MAX_METADATA_VALUE_CHARACTERS,
      `metadata values must be at most ${MAX_METADATA_VALUE_CHARACTERS} characters`,
    ).refine(isStorableText, storableTextMessage("metadata values")),
  )
  .refine(
    (m) => Object.keys(m).length <= MAX_METADATA_PAIRS,
    `metadata may hold at most ${MAX_METADATA_PAIRS} key/value pairs`,
  )
  .meta({
    maxProperties: MAX_METADATA_PAIRS,
    description:
      `Up to ${MAX_METADATA_PAIRS} string key/value pairs, echoed verbatim. Keys 1 to ${MAX_METADATA_KEY_CHARACTERS} ` +
      `characters, values at most ${MAX_METADATA_VALUE_CHARACTERS} (characters are Unicode code points). No NUL characters.`,
  });

export const createSessionBodySchema = z
  .strictObject({
    required_age: z.union([z.literal(16), z.literal(18)], {
      error: (issue) => (issue.input === undefined ? "required_age is required" : "required_age must be 16 or 18"),
    }),
    methods: z
      .array(methodSchema, { error: "methods must be an array of verification methods" })
      .min(1, "methods must not be empty")
      .refine((m) => new Set(m).size === m.length, "methods must not contain duplicates")
      .meta({
        uniqueItems: true,
        description:
          "Tried in this order, escalating on an inconclusive result. No duplicates. credit_card only with " +
          "required_age 18. digital_id is accepted but not live yet.",
      })
      .default(() => [...defaultMethods]),
    return_url: httpUrl("return_url").meta({
      description:
        `An absolute http or https URL with a host, at most ${MAX_URL_CHARACTERS} characters. The hosted flow ` +
        "redirects there on finish with session_id=<id> appended to the query.",
    }),
    metadata: metadataSchema.default({}),
    locale: localeSchema.optional(),
  })
  // JSON Schema can say this one exactly: if methods contains credit_card, required_age is 18.
  .meta({
    if: { required: ["methods"], properties: { methods: { contains: { const: "credit_card" } } } },
    then: { properties: { required_age: { const: 18 } } },
    description: "credit_card applies only when required_age is 18. digital_id is accepted but not live yet.",
  })
  .superRefine((body, ctx) => {
    if (body.methods.includes("credit_card") && body.required_age !== 18) {
      ctx.addIssue({
        code: "custom",
        path: ["methods"],
        message: "credit_card applies only when required_age is 18",
      });
    }
  });
export type CreateSessionBody = z.infer<typeof createSessionBodySchema>;

export const MAX_LIST_LIMIT = 100;
const limitMessage = `limit must be an integer from 1 to ${MAX_LIST_LIMIT}`;

export const listSessionsQuerySchema = z.strictObject({
  // Digits only: "1e1", " 5" or "2.0" are refused rather than guessed at.
  limit: z
    .string()
    .regex(/^\d{1,6}$/, limitMessage)
    .transform(Number)
    .pipe(z.number().min(1, limitMessage).max(MAX_LIST_LIMIT, limitMessage))
    .default(20),
  // Present but empty is an invalid cursor (cursor_invalid), not "start over": a client that
  // sends `cursor=${next_cursor ?? ""}` must not loop over the first page forever.
  cursor: z.string().optional(),
});

const outcomeSchema = z.object({
  method: methodSchema,
  result: z.enum(outcomeResults),
  confidence: z.enum(confidenceLevels),
  completed_at: z.iso.datetime(),
});

export const sessionSchema = z.object({
  id: z.string().regex(idPattern("vs")),
  status: z.enum(sessionStatuses),
  required_age: z.union([z.literal(16), z.literal(18)]),
  methods: z.array(methodSchema),
  return_url: z.string(),
  locale: z
    .enum(SUPPORTED_LOCALES)
    .nullable()
    .meta({
      description:
        "The hosted flow's language: the locale asked for at creation or chosen by the user on the page; null " +
        "until one is set, when the browser's Accept-Language decides.",
    }),
  mode: modeSchema,
  outcome: outcomeSchema.optional(),
  attempts: z.number().int().nonnegative(),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  metadata: z.record(z.string(), z.string()),
});
export type SessionJson = z.infer<typeof sessionSchema>;

export const createdSessionSchema = sessionSchema
  .omit({ outcome: true, attempts: true })
  .extend({ url: z.string().url() });

export const sessionListSchema = z.object({
  data: z.array(sessionSchema),
  next_cursor: z.string().nullable().optional().meta({
    description: "Pass as `cursor` to get the next page; null (or absent) on the last page.",
  }),
  has_more: z.boolean().meta({ description: "Whether another page follows: true exactly when next_cursor is set." }),
});

export const completeSessionHelperBodySchema = z.strictObject({
  result: z.enum(["pass", "fail"], { error: 'result must be "pass" or "fail"' }),
  method: methodSchema.optional(),
  confidence: z.enum(confidenceLevels).optional(),
});

export const webhookEventPayloadSchema = z.object({
  id: z.string().regex(idPattern("evt")),
  type: z.enum(webhookEventTypes),
  created: z.iso.datetime(),
  data: z.object({
    id: z.string().regex(idPattern("vs")),
    status: z.enum(["passed", "failed", "expired"]),
    required_age: z.union([z.literal(16), z.literal(18)]),
    method: methodSchema.nullable(),
    confidence: z.enum(confidenceLevels).nullable(),
    mode: modeSchema,
    metadata: z.record(z.string(), z.string()),
  }),
});
export type WebhookEventPayload = z.infer<typeof webhookEventPayloadSchema>;
