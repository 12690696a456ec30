import "server-only";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import type { PromptSet, PromptSetPrompt } from "@/lib/generated/prisma/client";
import { getStorage } from "@/lib/platform/storage/get-storage";
import type { ObjectStorage } from "@/lib/platform/storage/object-storage";
import type {
  GenerationCounts,
  PromptSetStatusView,
  PromptSetSummary,
  PromptSetView,
  PromptView,
} from "@/lib/voice/prompt-sets/schemas";
import { getOutputFormat } from "@/lib/voice/audio/formats";
import { modelIdOf, textTypeOf, voiceSettingsOf } from "@/lib/voice/columns";

// How a stored set reads in the API (and the studio): one mapper for every answer.

type SetRow = Pick<
  PromptSet,
  | "id"
  | "name"
  | "language"
  | "voiceId"
  | "modelId"
  | "outputFormat"
  | "voiceSettings"
  | "textType"
  | "lexiconIds"
  | "generationStartedAt"
  | "createdAt"
  | "updatedAt"
>;
type PromptRow = Omit<PromptSetPrompt, "peaks" | "updatedAt" | "setId">;

/** Progress counts of prompts, or of groups of `count` prompts alike (a GROUP BY's rows). */
export function countPrompts(prompts: (Pick<PromptRow, "status" | "cached"> & { count?: number })[]): GenerationCounts {
  const counts: GenerationCounts = { total: 0, pending: 0, queued: 0, generating: 0, done: 0, cached: 0, failed: 0 };
  for (const { status, cached, count = 1 } of prompts) {
    counts.total += count;
    counts[status] += count;
    if (status === "done" && cached) counts.cached += count;
  }
  return counts;
}

function generationView(
  set: Pick<SetRow, "generationStartedAt">,
  counts: GenerationCounts,
): PromptSetSummary["generation"] {
  const state =
    counts.queued + counts.generating > 0
      ? "running"
      : counts.total > 0 && counts.done === counts.total
        ? "completed"
        : counts.failed > 0
          ? "failed"
          : "idle";
  return { state, started_at: set.generationStartedAt?.toISOString() ?? null, counts };
}

export function summaryView(set: SetRow, counts: GenerationCounts): PromptSetSummary {
  return {
    id: set.id,
    name: set.name,
    language: set.language,
    voice_id: set.voiceId,
    model_id: modelIdOf(set.modelId),
    output_format: set.outputFormat,
    voice_settings: voiceSettingsOf(set.voiceSettings),
    text_type: textTypeOf(set.textType),
    lexicon_ids: set.lexiconIds,
    file_extension: getOutputFormat(set.outputFormat).fileExtension,
    generation: generationView(set, counts),
    created_at: set.createdAt.toISOString(),
    updated_at: set.updatedAt.toISOString(),
  };
}

function promptError(prompt: PromptRow): PromptView["error"] {
  return prompt.status === "failed" && prompt.errorCode
    ? { code: prompt.errorCode, message: prompt.errorMessage ?? "" }
    : null;
}

/** The whole set, each done prompt with a fresh signed download URL. */
export async function promptSetView(
  set: SetRow,
  prompts: PromptRow[],
  deps: { storage: ObjectStorage; urlTtlSeconds: number } = {
    storage: getStorage(),
    urlTtlSeconds: env().AUDIO_URL_TTL_SECONDS,
  },
): Promise<PromptSetView> {
  const format = getOutputFormat(set.outputFormat);
  const cacheKeys = [...new Set(prompts.flatMap((p) => (p.status === "done" && p.cacheKey ? [p.cacheKey] : [])))];
  const stored = cacheKeys.length ? await db.ttsAudio.findMany({ where: { cacheKey: { in: cacheKeys } } }) : [];
  const byKey = new Map(stored.map((audio) => [audio.cacheKey, audio]));
  const views = await Promise.all(
    prompts.map(async (prompt): Promise<PromptView> => {
      const audio = prompt.status === "done" && prompt.cacheKey ? byKey.get(prompt.cacheKey) : undefined;
      return {
        id: prompt.id,
        name: prompt.name,
        text: prompt.text,
        status: prompt.status,
        file_name: `${prompt.name}${format.fileExtension}`,
        cached: prompt.status === "done" ? prompt.cached : null,
        sha256: prompt.status === "done" ? prompt.sha256 : null,
        bytes: prompt.status === "done" ? prompt.bytes : null,
        duration_ms: prompt.status === "done" ? prompt.durationMs : null,
        audio_url: audio
          ? await deps.storage.signedUrl(audio.storageKey, {
              expiresInSeconds: deps.urlTtlSeconds,
              contentType: audio.contentType,
              filename: `${prompt.name}${audio.fileExtension}`,
              disposition: "attachment",
            })
          : null,
        error: promptError(prompt),
        generated_at: prompt.status === "done" ? (prompt.generatedAt?.toISOString() ?? null) : null,
      };
    }),
  );
  return { ...summaryView(set, countPrompts(prompts)), prompts: views };
}

export function promptSetStatusView(
  set: Pick<SetRow, "id" | "generationStartedAt">,
  prompts: PromptRow[],
): PromptSetStatusView {
  return {
    id: set.id,
    generation: generationView(set, countPrompts(prompts)),
    prompts: prompts.map((prompt) => ({
      id: prompt.id,
      name: prompt.name,
      status: prompt.status,
      cached: prompt.status === "done" ? prompt.cached : null,
      duration_ms: prompt.status === "done" ? prompt.durationMs : null,
      error: promptError(prompt),
    })),
  };
}
