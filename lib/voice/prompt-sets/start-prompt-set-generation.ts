import "server-only";
import { db } from "@/lib/platform/db";
import { findPromptSetOrThrow } from "@/lib/voice/prompt-sets/find-prompt-set";
import { getPromptSetStatus } from "@/lib/voice/prompt-sets/get-prompt-set";
import type { PromptSetStatusView } from "@/lib/voice/prompt-sets/schemas";
import { NO_RESULT, restartGeneration } from "@/lib/voice/prompt-sets/update-prompt-set";
import { VoiceApiError } from "@/lib/voice/errors";

/**
 * POST /prompt-sets/{id}/generate: queues the set's prompts (all, or only the failed ones) for
 * background generation and answers at once. Every prompt goes through POST /tts's content
 * cache, so regenerating an unchanged prompt synthesizes nothing.
 */
export async function startPromptSetGeneration(input: {
  orgId: string;
  id: string;
  only: "all" | "failed";
}): Promise<PromptSetStatusView> {
  await db.$transaction(async (tx) => {
    const set = await findPromptSetOrThrow(input.orgId, input.id, tx);
    // Locks the set row first, as an edit does, so the two never interleave.
    await tx.promptSet.update({ where: { id: set.id }, data: { updatedAt: new Date() } });
    if ((await tx.promptSetPrompt.count({ where: { setId: set.id } })) === 0) {
      throw new VoiceApiError(
        "bad_request",
        "This prompt set has no prompts yet; add some with PATCH /prompt-sets/{id} first.",
      );
    }
    const which = input.only === "failed" ? { status: "failed" as const } : { status: { notIn: ["queued" as const] } };
    await tx.promptSetPrompt.updateMany({
      where: { setId: set.id, ...which },
      data: { ...NO_RESULT, status: "queued" },
    });
    await restartGeneration(tx, set.id);
  });
  return getPromptSetStatus(input);
}
