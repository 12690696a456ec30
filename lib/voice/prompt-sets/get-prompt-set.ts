import "server-only";
import { findPromptSetOrThrow, listPromptRows } from "@/lib/voice/prompt-sets/find-prompt-set";
import { promptSetStatusView, promptSetView } from "@/lib/voice/prompt-sets/prompt-set-view";
import type { PromptSetStatusView, PromptSetView } from "@/lib/voice/prompt-sets/schemas";

/** GET /prompt-sets/{id}: the set with every prompt and its progress. */
export async function getPromptSet(input: { orgId: string; id: string }): Promise<PromptSetView> {
  const set = await findPromptSetOrThrow(input.orgId, input.id);
  return promptSetView(set, await listPromptRows(set.id));
}

/** GET /prompt-sets/{id}/status: progress only, cheap enough to poll. */
export async function getPromptSetStatus(input: { orgId: string; id: string }): Promise<PromptSetStatusView> {
  const set = await findPromptSetOrThrow(input.orgId, input.id);
  return promptSetStatusView(set, await listPromptRows(set.id));
}
