import "server-only";
import { db } from "@/lib/platform/db";
import { findPromptSetOrThrow } from "@/lib/voice/prompt-sets/find-prompt-set";

/** Each done prompt's waveform outline (0..255 per bucket), by prompt id. */
export type PromptPeaks = Record<string, number[]>;

/**
 * The studio's row waveforms: the outlines the generation stored, read apart from the set's
 * view so that API answers (and the list's polling) never carry them.
 */
export async function getPromptSetPeaks(input: { orgId: string; id: string }): Promise<PromptPeaks> {
  const set = await findPromptSetOrThrow(input.orgId, input.id);
  const rows = await db.promptSetPrompt.findMany({
    where: { setId: set.id, status: "done", peaks: { not: null } },
    select: { id: true, peaks: true },
  });
  return Object.fromEntries(rows.map((row) => [row.id, Array.from(row.peaks!)]));
}
