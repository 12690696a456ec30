import "server-only";
import { db } from "@/lib/platform/db";
import { countPrompts, summaryView } from "@/lib/voice/prompt-sets/prompt-set-view";
import type { PromptSetSummary } from "@/lib/voice/prompt-sets/schemas";

/** GET /prompt-sets: the organisation's sets, newest first, with their progress counts. */
export async function listPromptSets(input: {
  orgId: string;
}): Promise<{ prompt_sets: PromptSetSummary[]; count: number }> {
  const sets = await db.promptSet.findMany({
    where: { orgId: input.orgId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const statuses = await db.promptSetPrompt.groupBy({
    by: ["setId", "status", "cached"],
    where: { setId: { in: sets.map((set) => set.id) } },
    _count: { _all: true },
  });
  const groupsOf = new Map<
    string,
    { status: (typeof statuses)[number]["status"]; cached: boolean | null; count: number }[]
  >();
  for (const group of statuses) {
    groupsOf.set(group.setId, [
      ...(groupsOf.get(group.setId) ?? []),
      { status: group.status, cached: group.cached, count: group._count._all },
    ]);
  }
  const promptSets = sets.map((set) => summaryView(set, countPrompts(groupsOf.get(set.id) ?? [])));
  return { prompt_sets: promptSets, count: promptSets.length };
}
