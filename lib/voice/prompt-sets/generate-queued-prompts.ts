import "server-only";
import { decodeOutput, outlineAudio } from "@/lib/voice/audio/decode-output";
import { db } from "@/lib/platform/db";
import { groupCommit } from "@/lib/platform/db/group-commit";
import { claimNextPrompt, writePromptResults, type ClaimedPromptRow } from "@/lib/platform/db/hot/prompt-set-prompts";
import { env } from "@/lib/platform/env";
import type { PromptSet } from "@/lib/generated/prisma/client";
import { errorField, logger } from "@/lib/platform/log";
import { generateTts, ttsDependencies, type TtsDependencies } from "@/lib/voice/create-tts";
import { describeVoiceError } from "@/lib/voice/errors";
import type { ObjectStorage } from "@/lib/platform/storage/object-storage";
import { getOutputFormat, type OutputFormat } from "@/lib/voice/audio/formats";
import type { TtsRequestBody } from "@/lib/voice/schemas";
import { modelIdOf, textTypeOf, voiceSettingsOf } from "@/lib/voice/columns";

/** How long one job run works before handing over to its next run (a step, in Inngest's terms). */
const RUN_BUDGET_MS = 20_000;
/** Back-off after an upstream 429 (which the provider already retried once): doubling from 2 s, at most a minute. */
const rateLimitBackoffMs = (streak: number) => Math.min(1000 * 2 ** streak, 60_000);

export type GenerationRunOutcome = { kind: "finished" } | { kind: "continue"; at: Date; reason: string };

/**
 * One run of a set's generation: takes its queued prompts in play order, `PROMPT_SET_CONCURRENCY`
 * at a time, each through createTts (content cache, history) like POST /tts, and writes each
 * result as it comes. Stops when the queue is empty, the set was deleted or a newer round took
 * over; hands over to a next run after RUN_BUDGET_MS, or after a back-off when the provider says
 * 429 (the prompt goes back to the queue: a rate limit is not a failure). Errors on our side
 * (the database) propagate, so the job engine retries the run.
 */
export async function generateQueuedPrompts(
  input: { setId: string; round: number },
  deps: TtsDependencies = ttsDependencies(),
): Promise<GenerationRunOutcome> {
  const set = await db.promptSet.findUnique({ where: { id: input.setId } });
  if (!set || set.generationRound !== input.round) return { kind: "finished" };

  const deadline = Date.now() + RUN_BUDGET_MS;
  let rateLimited = false;
  let failure: unknown = null;
  const lane = async () => {
    while (!rateLimited && failure === null && Date.now() < deadline) {
      const prompt = await claimNextPrompt(set.id, input.round);
      if (!prompt) return;
      try {
        if ((await generatePrompt(set, prompt, deps)) === "rate_limited") rateLimited = true;
      } catch (error) {
        failure = error;
      }
    }
  };
  await Promise.all(Array.from({ length: env().PROMPT_SET_CONCURRENCY }, lane));
  if (failure !== null) throw failure;

  if (rateLimited) {
    const { rateLimitStreak } = await db.promptSet.update({
      where: { id: set.id },
      data: { rateLimitStreak: { increment: 1 } },
    });
    const delay = rateLimitBackoffMs(rateLimitStreak);
    return {
      kind: "continue",
      at: new Date(Date.now() + delay),
      reason: `provider rate limit; resuming in ${delay / 1000} s`,
    };
  }
  if (set.rateLimitStreak > 0) await db.promptSet.updateMany({ where: { id: set.id }, data: { rateLimitStreak: 0 } });
  const left = await db.promptSetPrompt.count({
    where: { setId: set.id, status: "queued", set: { generationRound: input.round } },
  });
  return left > 0
    ? { kind: "continue", at: new Date(), reason: `${left} prompt(s) still queued` }
    : { kind: "finished" };
}

// Results of the set's lanes (and of other sets' jobs in this process) that finish while one
// is being written share the next statement and its commit.
const recordPromptResult = groupCommit(writePromptResults);

async function generatePrompt(
  set: PromptSet,
  prompt: ClaimedPromptRow,
  deps: TtsDependencies,
): Promise<"done" | "failed" | "rate_limited"> {
  const format = getOutputFormat(set.outputFormat);
  const body: TtsRequestBody = {
    text: prompt.text,
    text_type: textTypeOf(set.textType),
    lexicon_ids: set.lexiconIds,
    voice_id: set.voiceId,
    model_id: modelIdOf(set.modelId),
    output_format: format.id,
    voice_settings: voiceSettingsOf(set.voiceSettings) ?? undefined,
  };
  // Every write is fenced on `generating`: a prompt edited meanwhile is no longer ours to finish.
  const mine = { id: prompt.id, status: "generating" as const };
  try {
    const { result, audio } = await generateTts({ orgId: set.orgId, body, promptSetId: set.id }, deps);
    const outline = await outlineStored(deps.storage, audio.storageKey, format);
    await recordPromptResult({
      id: prompt.id,
      cached: result.cached,
      cacheKey: audio.cacheKey,
      sha256: audio.sha256,
      bytes: audio.bytes,
      durationMs: outline?.durationMs ?? null,
      peaks: outline?.peaks ?? null,
      generatedAt: new Date(),
    });
    return "done";
  } catch (error) {
    const { code, message } = describeVoiceError(error);
    if (code === "rate_limited" || code === "internal_error") {
      await db.promptSetPrompt.updateMany({ where: mine, data: { status: "queued" } });
      if (code === "internal_error") throw error;
      return "rate_limited";
    }
    await db.promptSetPrompt.updateMany({
      where: mine,
      data: { status: "failed", errorCode: code, errorMessage: message },
    });
    return "failed";
  }
}

/** Duration and waveform outline of the stored audio; a file that cannot be read has none. */
async function outlineStored(storage: ObjectStorage, storageKey: string, format: OutputFormat) {
  try {
    const bytes = await storage.get(storageKey);
    return bytes ? outlineAudio(await decodeOutput(bytes, format)) : null;
  } catch (error) {
    logger().warn({ err: errorField(error) }, "prompt audio could not be outlined");
    return null;
  }
}

/** The generation failed for good: what it still held fails with a message the designer can act on. */
export async function failUnfinishedPrompts(input: { setId: string; round: number }): Promise<number> {
  const { count } = await db.promptSetPrompt.updateMany({
    where: { setId: input.setId, status: { in: ["queued", "generating"] }, set: { generationRound: input.round } },
    data: {
      status: "failed",
      errorCode: "internal_error",
      errorMessage: "Generation stopped after repeated errors on our side. Retry the failed prompts.",
    },
  });
  return count;
}
