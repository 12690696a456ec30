// zod schemas of the Voice Prompt API (spec voice-prompt-service.md, part 2). Zod only:
// importable by client code (studio forms) and by the OpenAPI document builder.
import { z } from "zod";
import { modelIds, type ModelId } from "@/lib/platform/config/model-ids";
import { maxCharacters } from "@/lib/platform/text/characters";
import { DEFAULT_OUTPUT_FORMAT, formatGroups, OUTPUT_FORMAT_IDS } from "@/lib/voice/audio/formats";
import { countCharacters } from "@/lib/platform/text/characters";
import { parseSsml } from "@/lib/voice/ssml/parse-ssml";
import { MarkupError } from "@/lib/voice/ssml/read-xml";
import { lexiconIdsSchema } from "@/lib/voice/lexicons/schemas";
import { resolvedVoiceSettingsSchema, voiceSchema } from "@/lib/voice/providers/voice-schemas";

export { resolvedVoiceSettingsSchema };
export type { ResolvedVoiceSettings, Voice } from "@/lib/voice/providers/voice-schemas";
import { keysOf } from "@/lib/platform/narrow";

export const DEFAULT_TTS_MAX_TEXT_LENGTH = 1000;

export const DEFAULT_MODEL_ID: ModelId = "tts_multilingual_v2";

export const voiceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{8,64}$/, "must be 8 to 64 letters and digits (an id from GET /voices)");

export const modelIdSchema = z.enum(modelIds);
export const outputFormatSchema = z.enum(OUTPUT_FORMAT_IDS);

export const voiceSettingsSchema = z.strictObject({
  stability: z.number().min(0).max(1).optional(),
  similarity_boost: z.number().min(0).max(1).optional(),
  style: z.number().min(0).max(1).optional(),
  speed: z.number().min(0.7).max(1.2).optional(),
  use_speaker_boost: z.boolean().optional(),
});
export type VoiceSettingsInput = z.infer<typeof voiceSettingsSchema>;

// One way of counting characters for both APIs (code points), shared with /v1.
export { countCharacters } from "@/lib/platform/text/characters";

/** What a prompt says: 1 to maxTextLength characters (TTS_MAX_TEXT_LENGTH), something to say. */
export function buildTtsTextSchema(maxTextLength = DEFAULT_TTS_MAX_TEXT_LENGTH) {
  return maxCharacters(
    z
      .string()
      .min(1, "must not be empty")
      .refine((t) => t.trim() !== "", "must contain something to say, not only whitespace")
      // PostgreSQL text cannot hold NUL, and a lone surrogate is not a character at all.
      .refine(
        (t) => t.isWellFormed() && !t.includes("\u0000"),
        "must be Unicode text without NUL (\\u0000) characters",
      ),
    maxTextLength,
    `must be at most ${maxTextLength} characters`,
  );
}

const textTypes = ["text", "ssml"] as const;
export type TextType = (typeof textTypes)[number];

/** SSML markup may take this many times the spoken limit (the limit counts what is spoken). */
export const MARKUP_ALLOWANCE = 8;

export const textTypeSchema = z.enum(textTypes).meta({
  description:
    "text (default): the script as written. ssml: an SSML document of the subset <speak>, <break>, <say-as " +
    "interpret-as=digits|telephone|date|characters>, <sub>, <phoneme alphabet=ipa>, <emphasis>, <prosody rate> " +
    "(docs/voice.md, SSML); the length limit counts the spoken text, not the markup.",
});

/**
 * What is wrong with a script of `textType` (too long to say, or SSML that does not parse, with
 * its line and reason), or null. The limit counts the spoken text, never the markup.
 */
export function scriptProblem(text: string, textType: TextType, maxTextLength: number): string | null {
  if (textType === "text")
    return countCharacters(text) > maxTextLength ? `must be at most ${maxTextLength} characters` : null;
  try {
    const said = countCharacters(parseSsml(text).spoken);
    return said > maxTextLength
      ? `must say at most ${maxTextLength} characters (this SSML says ${said}; markup is not counted)`
      : null;
  } catch (error) {
    if (!(error instanceof MarkupError)) throw error;
    return `is not valid SSML: ${error.message}`;
  }
}

/** scriptProblem as a zod issue at `path`. */
export function checkScript(
  text: string,
  textType: TextType,
  maxTextLength: number,
  ctx: z.RefinementCtx,
  path: PropertyKey[],
) {
  const problem = scriptProblem(text, textType, maxTextLength);
  if (problem) ctx.addIssue({ code: "custom", path, message: problem });
}

/** TtsRequest with the server's configured text limit (TTS_MAX_TEXT_LENGTH). */
export function buildTtsRequestBodySchema(maxTextLength = DEFAULT_TTS_MAX_TEXT_LENGTH) {
  return z
    .strictObject({
      text: buildTtsTextSchema(maxTextLength * MARKUP_ALLOWANCE).meta({
        description:
          `The script to speak: 1 to ${maxTextLength} spoken characters (configurable server-side). With ` +
          `text_type ssml the limit counts the text spoken, not the markup; the markup may take the field to ` +
          `${maxTextLength * MARKUP_ALLOWANCE} characters.`,
      }),
      text_type: textTypeSchema.default("text"),
      lexicon_ids: lexiconIdsSchema.default([]),
      voice_id: voiceIdSchema,
      model_id: modelIdSchema.default(DEFAULT_MODEL_ID),
      output_format: outputFormatSchema.default(DEFAULT_OUTPUT_FORMAT),
      voice_settings: voiceSettingsSchema.optional(),
    })
    .superRefine((body, ctx) => checkScript(body.text, body.text_type, maxTextLength, ctx, ["text"]));
}
export const ttsRequestBodySchema = buildTtsRequestBodySchema();
export type TtsRequestBody = z.infer<typeof ttsRequestBodySchema>;

export const voiceListSchema = z.object({ voices: z.array(voiceSchema), count: z.number().int() });

const formatSchema = z.object({
  id: outputFormatSchema,
  label: z.string(),
  group: z.enum(formatGroups),
  file_extension: z.string().regex(/^\.[a-z0-9]+$/),
  content_type: z.string(),
  min_provider_plan: z.enum(["creator", "pro"]).optional(),
  default: z.boolean(),
});
export const formatListSchema = z.object({ formats: z.array(formatSchema), count: z.number().int() });

export const ttsResultSchema = z.object({
  audio_url: z.string(),
  file_extension: z.string().regex(/^\.[a-z0-9]+$/),
  content_type: z.string(),
  cached: z.boolean(),
  characters: z.number().int(),
  voice_id: z.string(),
  model_id: modelIdSchema,
  output_format: outputFormatSchema,
  voice_settings: resolvedVoiceSettingsSchema.nullable(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  bytes: z.number().int(),
  text_type: textTypeSchema,
  lexicon_ids: z.array(z.string()),
  applied_settings: voiceSettingsSchema.meta({
    description:
      "The settings that changed this audio, as used (local voices: speed only; ElevenLabs: all five). " +
      "voice_settings echoes the request; a setting sent but not honoured is named in warnings.",
  }),
  warnings: z.array(z.string()).meta({
    description:
      "What the voice could not do as asked, one sentence each: voice_settings it ignores, SSML or lexicon " +
      "marks it cannot render (said as written instead). Empty when everything was applied.",
  }),
});
export type TtsResult = z.infer<typeof ttsResultSchema>;

export const healthSchema = z.object({ ok: z.boolean(), service: z.string() });

const engineStatusSchema = z.object({
  engine: z.string().meta({ description: "festival, flite or espeak" }),
  available: z.boolean(),
  voices: z.number().int().meta({ description: "Voices that passed the start-up probe and are offered." }),
  problem: z
    .string()
    .nullable()
    .meta({ description: "Why the engine, or some of its voices, are not offered; null when all answered." }),
});

/** GET /health/details: the speech provider and, for local speech, each engine's start-up probe. */
export const healthDetailsSchema = z.object({
  ok: z.boolean(),
  service: z.string(),
  provider: z.string(),
  engines: z.array(engineStatusSchema),
});

/** Every error.code the Voice Prompt API returns, with its HTTP status (README lists them). */
export const VOICE_ERROR_STATUS = {
  bad_request: 400,
  format_not_in_plan: 400,
  unauthorized: 401,
  forbidden: 403,
  voice_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  prompt_set_not_ready: 409,
  // The spec's table is silent on over-limit bodies: 413 as HTTP names it.
  request_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  upstream_error: 502,
} as const;
export type VoiceErrorCode = keyof typeof VOICE_ERROR_STATUS;
export const voiceErrorCodes = keysOf(VOICE_ERROR_STATUS);

/** The codes the API answers with at `status`. */
export const voiceErrorCodesFor = (status: number) =>
  voiceErrorCodes.filter((code) => VOICE_ERROR_STATUS[code] === status);

/** The error envelope as it can be for these codes; the OpenAPI document has one per status. */
export function voiceErrorSchemaFor(codes: readonly VoiceErrorCode[]) {
  return z.object({
    error: z.object({ code: z.enum(codes), message: z.string() }),
  });
}
