import "server-only";
import { db } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/platform/ids";
import { findPromptSetOrThrow } from "@/lib/voice/prompt-sets/find-prompt-set";
import { getPromptSet } from "@/lib/voice/prompt-sets/get-prompt-set";
import { MAX_SET_NAME_LENGTH, type PromptSetView } from "@/lib/voice/prompt-sets/schemas";

/**
 * POST /prompt-sets/{id}/duplicate: a copy to vary (another voice, a holiday menu). Generated
 * prompts keep their audio (same organisation, same content cache); the rest start pending.
 */
export async function duplicatePromptSet(input: { orgId: string; id: string; name?: string }): Promise<PromptSetView> {
  const id = newId("ps");
  await db.$transaction(async (tx) => {
    const source = await findPromptSetOrThrow(input.orgId, input.id, tx);
    const prompts = await tx.promptSetPrompt.findMany({ where: { setId: source.id }, orderBy: { position: "asc" } });
    await tx.promptSet.create({
      data: {
        id,
        orgId: input.orgId,
        name: input.name ?? `${source.name} (copy)`.slice(0, MAX_SET_NAME_LENGTH),
        language: source.language,
        voiceId: source.voiceId,
        modelId: source.modelId,
        outputFormat: source.outputFormat,
        voiceSettings: source.voiceSettings ?? undefined,
      },
    });
    await tx.promptSetPrompt.createMany({
      data: prompts.map((prompt) => {
        const done = prompt.status === "done";
        return {
          id: newId("psp"),
          setId: id,
          position: prompt.position,
          name: prompt.name,
          text: prompt.text,
          status: done ? "done" : "pending",
          ...(done
            ? {
                cached: prompt.cached,
                cacheKey: prompt.cacheKey,
                sha256: prompt.sha256,
                bytes: prompt.bytes,
                durationMs: prompt.durationMs,
                peaks: prompt.peaks,
                generatedAt: prompt.generatedAt,
              }
            : {}),
        } satisfies Prisma.PromptSetPromptCreateManyInput;
      }),
    });
  });
  return getPromptSet({ orgId: input.orgId, id });
}
