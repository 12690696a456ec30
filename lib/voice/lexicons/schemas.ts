// zod schemas of /lexicons. Zod only: importable by the studio and the OpenAPI builder.
import { z } from "zod";

export const MAX_LEXICONS_PER_REQUEST = 4;
/** A PLS document of 1,000 lexemes with long entries fits well within this. */
const MAX_PLS_CHARACTERS = 400_000;

/** The largest body read: a PLS document at its limit, escaped in JSON (6 bytes a character). */
export const LEXICON_BODY_LIMIT = MAX_PLS_CHARACTERS * 6 + 4096;

export const lexiconIdSchema = z.string().regex(/^lex_[A-Za-z0-9]{1,64}$/, "must be a lexicon id (lex_...)");

export const lexiconIdsSchema = z
  .array(lexiconIdSchema)
  .max(MAX_LEXICONS_PER_REQUEST, `may name at most ${MAX_LEXICONS_PER_REQUEST} lexicons`)
  .refine((ids) => new Set(ids).size === ids.length, "must not name a lexicon twice")
  .meta({
    description:
      `Pronunciation lexicons (POST /lexicons) applied before synthesis, in order, at most ${MAX_LEXICONS_PER_REQUEST}; ` +
      "the first lexeme listed for a word wins.",
  });

export const createLexiconBodySchema = z.strictObject({
  name: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  pls: z
    .string()
    .min(1, "must not be empty")
    .max(MAX_PLS_CHARACTERS, `must be at most ${MAX_PLS_CHARACTERS} characters`)
    .meta({ description: "The W3C PLS 1.0 document (alphabet ipa): at most 1,000 lexemes." }),
});
export type CreateLexiconBody = z.infer<typeof createLexiconBodySchema>;

export const lexemeSchema = z.object({
  graphemes: z.array(z.string()),
  alias: z.string().nullable(),
  phoneme: z.string().nullable().meta({ description: "IPA." }),
});

const lexiconSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  version: z.number().int().meta({ description: "Bumped by every replacement (PUT); part of the content-cache key." }),
  lexeme_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LexiconSummary = z.infer<typeof lexiconSummarySchema>;

export const lexiconSchema = lexiconSummarySchema.extend({
  lexemes: z.array(lexemeSchema),
  pls: z.string().meta({ description: "The document as uploaded." }),
});
export type LexiconView = z.infer<typeof lexiconSchema>;

export const lexiconListSchema = z.object({ lexicons: z.array(lexiconSummarySchema), count: z.number().int() });
export const deletedLexiconSchema = z.object({ id: z.string(), deleted: z.literal(true) });
