// zod schemas of the Age Verification API: request validation, responses and the OpenAPI
// document all come from here. Importable by client and server.
import { z } from "zod";

export const verificationMethods = ["face_estimation", "id_document", "credit_card", "digital_id"] as const;
export const sessionStatuses = ["created", "in_progress", "passed", "failed", "expired"] as const;
export const webhookEventTypes = ["verification_session.completed", "verification_session.expired"] as const;
export const confidenceLevels = ["high", "medium", "low"] as const;
/** outcome.result values: "pass"; failures say why (see README, "Outcome results"). */
export const outcomeResults = ["pass", "fail", "inconclusive"] as const;

export const methodSchema = z.enum(verificationMethods);
export const defaultMethods = ["face_estimation", "id_document"] as const;
export const modeSchema = z.enum(["test", "live"]);

// zod's default sentence for a missing field ("expected string, received undefined") does not
// tell an integrator what to do; these do.
const requiredString = (field: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) });

/**
 * Text PostgreSQL can store as given: no U+0000 (text and jsonb refuse it) and no unpaired
 * surrogate (jsonb refuses it; text would store U+FFFD, so a retrieve would differ from create).
 */
export const isStorableText = (value: string) => value.isWellFormed() && !value.includes("\u0000");
const storableTextMessage = (what: string) => `${what} must be Unicode text without NUL (\\u0000) characters`;

const httpUrl = (field: string) =>
  requiredString(field)
    .max(2048, `${field} must be at most 2048 characters`)
    .refine(isStorableText, storableTextMessage(field))
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
      } catch {
        return false;
      }
    }, `${field} must be an absolute http(s) URL`);

export const metadataSchema = z
  .record(
    z
      .string()
      .min(1, "metadata keys must not be empty")
      .max(40, "metadata keys must be at most 40 characters")
      .refine(isStorableText, storableTextMessage("metadata keys")),
    z
      .string({ error: "metadata values must be strings" })
      .max(500, "metadata values must be at most 500 characters")
      .refine(isStorableText, storableTextMessage("metadata values")),
  )
  .refine((m) => Object.keys(m).length <= 20, "metadata may hold at most 20 key/value pairs");

export const createSessionBodySchema = z
  .strictObject({
    required_age: z.union([z.literal(16), z.literal(18)], {
      error: (issue) => (issue.input === undefined ? "required_age is required" : "required_age must be 16 or 18"),
    }),
    methods: z
      .array(methodSchema, { error: "methods must be an array of verification methods" })
      .min(1, "methods must not be empty")
      .refine((m) => new Set(m).size === m.length, "methods must not contain duplicates")
      .default(() => [...defaultMethods]),
    return_url: httpUrl("return_url"),
    metadata: metadataSchema.default({}),
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

export const listSessionsQuerySchema = z.strictObject({
  // Digits only: "1e1", " 5" or "2.0" are refused rather than guessed at.
  limit: z
    .string()
    .regex(/^\d{1,6}$/, "limit must be an integer from 1 to 100")
    .transform(Number)
    .pipe(z.number().min(1, "limit must be an integer from 1 to 100").max(100, "limit must be an integer from 1 to 100"))
    .default(20),
  // Present but empty is an invalid cursor (cursor_invalid), not "start over": a client that
  // sends `cursor=${next_cursor ?? ""}` must not loop over the first page forever.
  cursor: z.string().optional(),
});

export const outcomeSchema = z.object({
  method: methodSchema,
  result: z.enum(outcomeResults),
  confidence: z.enum(confidenceLevels),
  completed_at: z.iso.datetime(),
});

export const sessionSchema = z.object({
  id: z.string().regex(/^vs_[A-Za-z0-9]+$/),
  status: z.enum(sessionStatuses),
  required_age: z.union([z.literal(16), z.literal(18)]),
  methods: z.array(methodSchema),
  return_url: z.string(),
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
  next_cursor: z.string().nullable().optional(),
});

export const createWebhookEndpointBodySchema = z.strictObject({
  url: requiredString("url")
    .max(2048, "url must be at most 2048 characters")
    .refine(isStorableText, storableTextMessage("url"))
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" && Boolean(url.hostname);
      } catch {
        return false;
      }
    }, "url must be an absolute https URL"),
  events: z
    .array(z.enum(webhookEventTypes), { error: "events must be an array of event types" })
    .min(1, "events must not be empty")
    .refine((e) => new Set(e).size === e.length, "events must not contain duplicates")
    .default([...webhookEventTypes]),
});

export const webhookEndpointSchema = z.object({
  id: z.string().regex(/^whe_[A-Za-z0-9]+$/),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  mode: modeSchema,
  created_at: z.iso.datetime(),
});
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string().regex(/^whsec_[A-Za-z0-9]+$/) });
export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });

export const completeSessionHelperBodySchema = z.strictObject({
  result: z.enum(["pass", "fail"], { error: 'result must be "pass" or "fail"' }),
  method: methodSchema.optional(),
  confidence: z.enum(confidenceLevels).optional(),
});

export const errorEnvelopeSchema = z.object({
  error: z.object({
    type: z.enum(["authentication_error", "invalid_request_error", "rate_limit_error", "api_error"]),
    code: z.enum(["invalid_api_key", "parameter_invalid", "cursor_invalid", "resource_missing", "rate_limited", "internal_error"]),
    message: z.string().optional(),
    param: z.string().optional(),
  }),
});

export const webhookEventPayloadSchema = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9]+$/),
  type: z.enum(webhookEventTypes),
  created: z.iso.datetime(),
  data: z.object({
    id: z.string().regex(/^vs_[A-Za-z0-9]+$/),
    status: z.enum(["passed", "failed", "expired"]),
    required_age: z.union([z.literal(16), z.literal(18)]),
    method: methodSchema.nullable(),
    confidence: z.enum(confidenceLevels).nullable(),
    mode: modeSchema,
    metadata: z.record(z.string(), z.string()),
  }),
});
