import "server-only";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { getStorage } from "@/lib/platform/storage/get-storage";
import type { ObjectStorage } from "@/lib/platform/storage/object-storage";
import type { ResolvedVoiceSettings } from "@/lib/voice/schemas";
import { resolvedVoiceSettingsOf } from "@/lib/voice/columns";

export type TtsHistoryItem = {
  id: string;
  created_at: string;
  text: string;
  voice_id: string;
  model_id: string;
  output_format: string;
  voice_settings: ResolvedVoiceSettings | null;
  characters: number;
  cached: boolean;
  sha256: string;
  bytes: number;
  /** A fresh signed URL, or null when the audio is no longer stored. */
  audio_url: string | null;
  file_extension: string | null;
  content_type: string | null;
};

/**
 * An organisation's prompt history, newest first (for the studio), each with a fresh download
 * URL. Only the organisation's own rows are ever read.
 */
export async function listTtsGenerations(
  input: { orgId: string; limit?: number },
  deps: { storage: ObjectStorage; urlTtlSeconds: number } = {
    storage: getStorage(),
    urlTtlSeconds: env().AUDIO_URL_TTL_SECONDS,
  },
): Promise<TtsHistoryItem[]> {
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 200);
  const rows = await db.ttsGeneration.findMany({
    // Prompts generated as part of a set are shown with their set, not here.
    where: { orgId: input.orgId, promptSetId: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  const audio = await db.ttsAudio.findMany({ where: { cacheKey: { in: [...new Set(rows.map((r) => r.cacheKey))] } } });
  const byKey = new Map(audio.map((a) => [a.cacheKey, a]));
  return Promise.all(
    rows.map(async (row) => {
      const stored = byKey.get(row.cacheKey);
      return {
        id: row.id,
        created_at: row.createdAt.toISOString(),
        text: row.text,
        voice_id: row.voiceId,
        model_id: row.modelId,
        output_format: row.outputFormat,
        voice_settings: resolvedVoiceSettingsOf(row.voiceSettings),
        characters: row.characters,
        cached: row.cached,
        sha256: row.sha256,
        bytes: row.bytes,
        audio_url: stored
          ? await deps.storage.signedUrl(stored.storageKey, {
              expiresInSeconds: deps.urlTtlSeconds,
              contentType: stored.contentType,
              filename: `prompt-${stored.sha256.slice(0, 12)}${stored.fileExtension}`,
              disposition: "attachment",
            })
          : null,
        file_extension: stored?.fileExtension ?? null,
        content_type: stored?.contentType ?? null,
      };
    }),
  );
}
