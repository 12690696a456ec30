import "server-only";
import { db } from "@/lib/platform/db";
import { getStorage } from "@/lib/platform/storage/get-storage";
import type { ObjectStorage } from "@/lib/platform/storage/object-storage";

export type GenerationAudio = {
  bytes: Buffer;
  contentType: string;
  fileExtension: string;
  sha256: string;
  outputFormat: string;
};

/**
 * The audio of one of an organisation's generated prompts, by its content hash, for the
 * studio's player (same-origin, whichever storage driver is in use). Null unless the
 * organisation itself generated audio with that hash and the object is still stored.
 */
export async function getGenerationAudio(
  input: { orgId: string; sha256: string },
  storage: ObjectStorage = getStorage(),
): Promise<GenerationAudio | null> {
  if (!/^[0-9a-f]{64}$/.test(input.sha256)) return null;
  const generation = await db.ttsGeneration.findFirst({
    where: { orgId: input.orgId, sha256: input.sha256 },
    select: { cacheKey: true, outputFormat: true },
    orderBy: { createdAt: "desc" },
  });
  if (!generation) return null;
  const audio = await db.ttsAudio.findUnique({ where: { cacheKey: generation.cacheKey } });
  if (!audio || audio.sha256 !== input.sha256) return null;
  const bytes = await storage.get(audio.storageKey);
  if (!bytes) return null;
  return {
    bytes,
    contentType: audio.contentType,
    fileExtension: audio.fileExtension,
    sha256: audio.sha256,
    outputFormat: generation.outputFormat,
  };
}
