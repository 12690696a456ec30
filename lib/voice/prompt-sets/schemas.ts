// zod schemas of prompt sets (the Voice API's /prompt-sets and the studio). Zod only: importable
// by client code (studio forms) and by the OpenAPI document builder.
import { z } from "zod";
import { DEFAULT_OUTPUT_FORMAT } from "@/lib/voice/audio/formats";
import { lexiconIdsSchema } from "@/lib/voice/lexicons/schemas";
import {
  buildTtsTextSchema,
  checkScript,
  DEFAULT_MODEL_ID,
  MARKUP_ALLOWANCE,
  textTypeSchema,
  type TextType,
  DEFAULT_TTS_MAX_TEXT_LENGTH,
  modelIdSchema,
  outputFormatSchema,
  voiceIdSchema,
  voiceSettingsSchema,
} from "@/lib/voice/schemas";

/** A menu is 10 to 200 prompts; this leaves room and bounds a set's generation and archive. */
export const MAX_PROMPTS_PER_SET = 500;
export const MAX_SET_NAME_LENGTH = 100;
const MAX_PROMPT_NAME_LENGTH = 64;

/**
 * A prompt's file name without extension, as phone systems want it: Asterisk's `Playback()`
 * and FreeSWITCH's `playback` take it from a dial plan, where upper case, spaces and dots
 * are trouble.
 */
export const promptNameSchema = z
  .string()
  .min(1, "must not be empty")
  .max(MAX_PROMPT_NAME_LENGTH, `must be at most ${MAX_PROMPT_NAME_LENGTH} characters`)
  .regex(/^[a-z0-9_-]+$/, "may contain only lower-case letters, digits, - and _ (it becomes the file name)")
  .meta({ description: "The file name without extension: lower-case letters, digits, - and _, unique in the set." });

export const promptSetNameSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(MAX_SET_NAME_LENGTH, `must be at most ${MAX_SET_NAME_LENGTH} characters`)
  .refine((t) => t.isWellFormed() && !t.includes("\u0000"), "must be Unicode text without NUL (\\u0000) characters");

/** The language folder of the Asterisk and FreeSWITCH layouts: `en`, `en_US`, `fr-CA`. */
export const promptSetLanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})?$/, "must be a language code such as en, en_US or fr-CA")
  .meta({ description: "The language folder of the Asterisk and FreeSWITCH archive layouts, e.g. en or en_US." });

const promptIdSchema = z.string().regex(/^psp_[A-Za-z0-9]{1,64}$/, "must be a prompt id (psp_...)");

/** One prompt as sent: `id` keeps a prompt's identity (and its audio) across a rename. */
function buildPromptInputSchema(maxTextLength = DEFAULT_TTS_MAX_TEXT_LENGTH) {
  return z.strictObject({
    id: promptIdSchema
      .optional()
      .meta({ description: "An existing prompt of this set (PATCH): renames keep its audio." }),
    name: promptNameSchema,
    text: buildTtsTextSchema(maxTextLength * MARKUP_ALLOWANCE).meta({
      description:
        `What the prompt says, 1 to ${maxTextLength} spoken characters; SSML when the set's text_type is ssml ` +
        `(its markup not counted, the field at most ${maxTextLength * MARKUP_ALLOWANCE} characters).`,
    }),
  });
}
export type PromptInput = z.infer<ReturnType<typeof buildPromptInputSchema>>;

/**
 * The ordered list of a set's prompts; names unique, ids at most once. With `textType`, each
 * text is checked as that type reads it (a CSV import knows its set's); the create and update
 * bodies check against their own or the stored text_type instead.
 */
export function buildPromptListSchema(maxTextLength = DEFAULT_TTS_MAX_TEXT_LENGTH, textType?: TextType) {
  return z
    .array(buildPromptInputSchema(maxTextLength))
    .max(MAX_PROMPTS_PER_SET, `may hold at most ${MAX_PROMPTS_PER_SET} prompts`)
    .superRefine((prompts, ctx) => {
      const names = new Map<string, number>();
      const ids = new Set<string>();
      prompts.forEach((prompt, index) => {
        if (textType) checkScript(prompt.text, textType, maxTextLength, ctx, [index, "text"]);
        const first = names.get(prompt.name);
        if (first !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: [index, "name"],
            message: `must be unique in the set: "${prompt.name}" is also prompt ${first + 1}`,
          });
        } else {
          names.set(prompt.name, index);
        }
        if (prompt.id) {
          if (ids.has(prompt.id))
            ctx.addIssue({ code: "custom", path: [index, "id"], message: "must appear at most once" });
          ids.add(prompt.id);
        }
      });
    })
    .meta({ description: `The prompts in play order, at most ${MAX_PROMPTS_PER_SET}; names unique in the set.` });
}

export function buildCreatePromptSetBodySchema(maxTextLength = DEFAULT_TTS_MAX_TEXT_LENGTH) {
  return z
    .strictObject({
      name: promptSetNameSchema,
      voice_id: voiceIdSchema,
      model_id: modelIdSchema.default(DEFAULT_MODEL_ID),
      output_format: outputFormatSchema.default(DEFAULT_OUTPUT_FORMAT),
      voice_settings: voiceSettingsSchema.optional(),
      language: promptSetLanguageSchema.optional(),
      text_type: textTypeSchema.default("text"),
      lexicon_ids: lexiconIdsSchema.default([]),
      prompts: buildPromptListSchema(maxTextLength).default([]),
    })
    .superRefine((body, ctx) =>
      body.prompts.forEach((p, i) => checkScript(p.text, body.text_type, maxTextLength, ctx, ["prompts", i, "text"])),
    );
}
export type CreatePromptSetBody = z.infer<ReturnType<typeof buildCreatePromptSetBodySchema>>;

export function buildUpdatePromptSetBodySchema(maxTextLength = DEFAULT_TTS_MAX_TEXT_LENGTH) {
  return z
    .strictObject({
      name: promptSetNameSchema.optional(),
      voice_id: voiceIdSchema.optional(),
      model_id: modelIdSchema.optional(),
      output_format: outputFormatSchema.optional(),
      voice_settings: voiceSettingsSchema.nullable().optional().meta({ description: "null: the voice's defaults." }),
      language: promptSetLanguageSchema.optional(),
      text_type: textTypeSchema.optional(),
      lexicon_ids: lexiconIdsSchema.optional(),
      prompts: buildPromptListSchema(maxTextLength).optional().meta({
        description:
          "Replaces the whole ordered list. A prompt whose id (or else name) and text are unchanged keeps its audio.",
      }),
    })
    .refine((body) => Object.keys(body).length > 0, "must change at least one field");
}
export type UpdatePromptSetBody = z.infer<ReturnType<typeof buildUpdatePromptSetBodySchema>>;

export const generatePromptSetBodySchema = z.strictObject({
  only: z.enum(["all", "failed"]).default("all").meta({
    description:
      "all: every prompt (unchanged ones come from the content cache at no cost); failed: retry only the failed ones.",
  }),
});

export const archiveLayouts = ["asterisk", "freeswitch", "flat"] as const;
export type ArchiveLayout = (typeof archiveLayouts)[number];
export const archiveQuerySchema = z.strictObject({
  layout: z.enum(archiveLayouts).default("asterisk"),
});

const promptStatuses = ["pending", "queued", "generating", "done", "failed"] as const;

const generationStates = ["idle", "running", "completed", "failed"] as const;

const promptSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  status: z.enum(promptStatuses).meta({
    description:
      "pending: not generated since it or its set changed; queued/generating: in the running generation; done; failed (see error).",
  }),
  file_name: z.string().meta({ description: "name + the format's extension, as in the flat archive layout." }),
  cached: z
    .boolean()
    .nullable()
    .meta({ description: "Done: whether the content cache served it (nothing synthesized)." }),
  sha256: z.string().nullable(),
  bytes: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  audio_url: z.string().nullable().meta({ description: "Done: a signed download URL, valid one hour by default." }),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  generated_at: z.string().nullable(),
});
export type PromptView = z.infer<typeof promptSchema>;

const generationCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  queued: z.number().int(),
  generating: z.number().int(),
  done: z.number().int(),
  cached: z.number().int().meta({ description: "Of done: served from the content cache." }),
  failed: z.number().int(),
});
export type GenerationCounts = z.infer<typeof generationCountsSchema>;

const generationSchema = z.object({
  state: z.enum(generationStates).meta({
    description:
      "running: prompts are queued or generating; completed: every prompt is done; failed: none running and some failed; idle: otherwise (some not generated).",
  }),
  started_at: z.string().nullable(),
  counts: generationCountsSchema,
});

const promptSetSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  voice_id: z.string(),
  model_id: modelIdSchema,
  output_format: outputFormatSchema,
  voice_settings: voiceSettingsSchema.nullable(),
  text_type: textTypeSchema,
  lexicon_ids: z.array(z.string()),
  file_extension: z.string(),
  generation: generationSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type PromptSetSummary = z.infer<typeof promptSetSummarySchema>;

export const promptSetSchema = promptSetSummarySchema.extend({ prompts: z.array(promptSchema) });
export type PromptSetView = z.infer<typeof promptSetSchema>;

export const promptSetListSchema = z.object({ prompt_sets: z.array(promptSetSummarySchema), count: z.number().int() });

/** GET /prompt-sets/{id}/status and the 202 of generate: the set's progress, a line per prompt. */
export const promptSetStatusSchema = z.object({
  id: z.string(),
  generation: generationSchema,
  prompts: z.array(
    promptSchema.pick({ id: true, name: true, status: true, cached: true, duration_ms: true, error: true }),
  ),
});
export type PromptSetStatusView = z.infer<typeof promptSetStatusSchema>;

export const deletedPromptSetSchema = z.object({ id: z.string(), deleted: z.literal(true) });

/** The set's name as the start of a download's file name: lower-case letters, digits and -. */
export function promptSetSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "prompt-set"
  );
}
