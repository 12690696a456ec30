import "server-only";
import { db } from "@/lib/platform/db";
import { findPromptSetOrThrow } from "@/lib/voice/prompt-sets/find-prompt-set";

/**
 * DELETE /prompt-sets/{id}. Its prompts go with it; a generation still running finds the set
 * gone and stops. The audio stays in the content cache (other requests may share it).
 */
export async function deletePromptSet(input: { orgId: string; id: string }): Promise<{ id: string; deleted: true }> {
  const set = await findPromptSetOrThrow(input.orgId, input.id);
  await db.promptSet.deleteMany({ where: { id: set.id, orgId: input.orgId } });
  return { id: set.id, deleted: true };
}
