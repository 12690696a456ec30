import "server-only";
import { env } from "@/lib/platform/env";
import { lazy } from "@/lib/platform/lazy";
import {
  buildCreatePromptSetBodySchema,
  buildUpdatePromptSetBodySchema,
  MAX_PROMPTS_PER_SET,
  promptSetNameSchema,
} from "@/lib/voice/prompt-sets/schemas";
import { z } from "zod";

/** The request schemas with this server's text limit (TTS_MAX_TEXT_LENGTH), built once. */
export const promptSetRequestSchemas = lazy(() => ({
  create: buildCreatePromptSetBodySchema(env().TTS_MAX_TEXT_LENGTH),
  update: buildUpdatePromptSetBodySchema(env().TTS_MAX_TEXT_LENGTH),
  duplicate: z.strictObject({ name: promptSetNameSchema.optional() }),
}));

/**
 * The largest create/update body read: a full set of prompts at the text limit, at 4 bytes of
 * JSON per character (non-ASCII text sent unescaped) plus room for names and punctuation.
 */
export const promptSetBodyLimit = lazy(() => MAX_PROMPTS_PER_SET * (env().TTS_MAX_TEXT_LENGTH * 4 + 256) + 64 * 1024);
