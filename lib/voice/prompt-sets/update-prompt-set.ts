import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { Prisma, type PromptSetPrompt } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/platform/ids";
import { scheduleJobInTx } from "@/lib/platform/jobs/schedule-job";
import { generatePromptSetJob } from "@/lib/voice/jobs/generate-prompt-set";
import { checkVoice } from "@/lib/voice/prompt-sets/check-voice";
import { findPromptSetOrThrow } from "@/lib/voice/prompt-sets/find-prompt-set";
import { getPromptSet } from "@/lib/voice/prompt-sets/get-prompt-set";
import type { PromptInput, PromptSetView, UpdatePromptSetBody } from "@/lib/voice/prompt-sets/schemas";
import { VoiceApiError } from "@/lib/voice/errors";
import { env } from "@/lib/platform/env";
import { loadLexicons } from "@/lib/voice/manage-lexicons";
import { scriptProblem, type TextType } from "@/lib/voice/schemas";
import { textTypeOf } from "@/lib/voice/columns";

/** The columns of a generation's result: cleared whenever what the prompt says changes. */
export const NO_RESULT = {
  cached: null,
  cacheKey: null,
  sha256: null,
  bytes: null,
  durationMs: null,
  peaks: null,
  errorCode: null,
  errorMessage: null,
  generatedAt: null,
} satisfies Prisma.PromptSetPromptUpdateManyMutationInput;

/**
 * PATCH /prompt-sets/{id}: rename, change the voice/model/format/settings/language, or replace
 * the ordered prompt list (edit, add, remove, reorder). A prompt keeps its audio while its text
 * and the set's sound stay the same; anything else makes it pending again. A prompt changed
 * during a running generation is queued again in it, so the generation ends with what the
 * designer sees.
 */
export async function updatePromptSet(input: {
  orgId: string;
  id: string;
  body: UpdatePromptSetBody;
}): Promise<PromptSetView> {
  const { body } = input;
  if (body.voice_id) await checkVoice(body.voice_id);
  if (body.lexicon_ids) await loadLexicons(input.orgId, body.lexicon_ids);
  await db.$transaction(async (tx) => {
    const set = await findPromptSetOrThrow(input.orgId, input.id, tx);
    const textType = body.text_type ?? textTypeOf(set.textType);
    if (body.text_type !== undefined && body.text_type !== set.textType && !body.prompts) {
      // The stored prompts are read the new way: each must still make sense.
      const stored = await tx.promptSetPrompt.findMany({ where: { setId: set.id }, orderBy: { position: "asc" } });
      stored.forEach((p, i) => checkStoredScript(p.text, textType, i));
    }
    body.prompts?.forEach((p, i) => checkStoredScript(p.text, textType, i));
    const soundChanged =
      (body.text_type !== undefined && body.text_type !== set.textType) ||
      (body.lexicon_ids !== undefined && JSON.stringify(body.lexicon_ids) !== JSON.stringify(set.lexiconIds)) ||
      (body.voice_id !== undefined && body.voice_id !== set.voiceId) ||
      (body.model_id !== undefined && body.model_id !== set.modelId) ||
      (body.output_format !== undefined && body.output_format !== set.outputFormat) ||
      (body.voice_settings !== undefined && JSON.stringify(body.voice_settings) !== JSON.stringify(set.voiceSettings));
    // Locks the set row: generations and other edits of this set wait for this one.
    const updated = await tx.promptSet.update({
      where: { id: set.id },
      data: {
        name: body.name,
        voiceId: body.voice_id,
        modelId: body.model_id,
        outputFormat: body.output_format,
        language: body.language,
        textType: body.text_type,
        lexiconIds: body.lexicon_ids,
        ...(body.voice_settings !== undefined
          ? {
              voiceSettings: body.voice_settings === null ? Prisma.DbNull : body.voice_settings,
            }
          : {}),
      },
    });
    const existing = await tx.promptSetPrompt.findMany({ where: { setId: set.id }, orderBy: { position: "asc" } });
    const running = existing.some((p) => p.status === "queued" || p.status === "generating");
    const rows = planPrompts(set.id, existing, body.prompts, { soundChanged, running });
    await tx.promptSetPrompt.deleteMany({ where: { setId: set.id } });
    await tx.promptSetPrompt.createMany({ data: rows });
    if (rows.some((row) => row.status === "queued")) await restartGeneration(tx, updated.id);
  });
  return getPromptSet({ orgId: input.orgId, id: input.id });
}

/** A prompt's text as the set reads it (a PATCH may change text_type without sending prompts). */
function checkStoredScript(text: string, textType: TextType, index: number) {
  const problem = scriptProblem(text, textType, env().TTS_MAX_TEXT_LENGTH);
  if (problem) throw new VoiceApiError("bad_request", `Invalid prompts.${index}.text: ${problem}`);
}

/**
 * The set's new prompt rows. Rewritten whole (ids kept) so that renames and reorders never
 * trip over the unique name of a row not yet moved.
 */
function planPrompts(
  setId: string,
  existing: PromptSetPrompt[],
  inputs: PromptInput[] | undefined,
  change: { soundChanged: boolean; running: boolean },
): Prisma.PromptSetPromptCreateManyInput[] {
  const byId = new Map(existing.map((p) => [p.id, p]));
  const claimed = new Set(inputs?.flatMap((p) => (p.id ? [p.id] : [])) ?? []);
  const byName = new Map(existing.filter((p) => !claimed.has(p.id)).map((p) => [p.name, p]));
  const list = inputs ?? existing.map((p) => ({ id: p.id, name: p.name, text: p.text }));
  return list.map((prompt, position) => {
    let previous: PromptSetPrompt | undefined;
    if (prompt.id) {
      previous = byId.get(prompt.id);
      if (!previous)
        throw new VoiceApiError("bad_request", `prompts[${position}].id: ${prompt.id} is not a prompt of this set.`);
    } else {
      previous = byName.get(prompt.name);
      byName.delete(prompt.name);
    }
    const base = { id: previous?.id ?? newId("psp"), setId, position, name: prompt.name, text: prompt.text };
    if (!previous) return { ...base, status: change.running ? "queued" : "pending" };
    const inFlight = previous.status === "queued" || previous.status === "generating";
    if (change.soundChanged || previous.text !== prompt.text) {
      return { ...base, ...NO_RESULT, status: inFlight || change.running ? "queued" : "pending" };
    }
    // Unchanged. One the running generation had in hand is queued again: its result, written
    // to the row this replaces, would be lost.
    return { ...keepResult(previous), ...base, status: inFlight ? "queued" : previous.status };
  });
}

function keepResult(prompt: PromptSetPrompt) {
  const { cached, cacheKey, sha256, bytes, durationMs, peaks, errorCode, errorMessage, generatedAt } = prompt;
  return { cached, cacheKey, sha256, bytes, durationMs, peaks, errorCode, errorMessage, generatedAt };
}

/** A new generation round for what is queued; the old round's job stops at its next claim. */
export async function restartGeneration(tx: Tx, setId: string): Promise<number> {
  const set = await tx.promptSet.update({
    where: { id: setId },
    data: { generationRound: { increment: 1 }, generationStartedAt: new Date(), rateLimitStreak: 0 },
  });
  await scheduleJobInTx(tx, generatePromptSetJob, { setId, round: set.generationRound });
  return set.generationRound;
}
