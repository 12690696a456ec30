import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import type { PromptSet } from "@/lib/generated/prisma/client";
import { hasIdShape } from "@/lib/platform/ids";
import { VoiceApiError } from "@/lib/voice/errors";

/** The organisation's set, or 404: another organisation's set is as unknown as a missing one. */
export async function findPromptSetOrThrow(orgId: string, id: string, client: Tx | typeof db = db): Promise<PromptSet> {
  const set = hasIdShape("ps", id) ? await client.promptSet.findFirst({ where: { id, orgId } }) : null;
  if (!set) throw new VoiceApiError("not_found", `No prompt set ${id}; GET /prompt-sets lists them.`);
  return set;
}

/** A set's prompts in play order, without their waveform outlines. */
export function listPromptRows(setId: string, client: Tx | typeof db = db) {
  return client.promptSetPrompt.findMany({
    where: { setId },
    orderBy: { position: "asc" },
    omit: { peaks: true, updatedAt: true, setId: true },
  });
}
