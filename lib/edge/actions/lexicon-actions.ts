"use server";

import type { ActionResult } from "@/lib/edge/actions/action-result";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { describeVoiceError } from "@/lib/voice/errors";
import { createLexicon, deleteLexicon, replaceLexicon } from "@/lib/voice/manage-lexicons";
import { createLexiconBodySchema, lexiconIdSchema, type LexiconView } from "@/lib/voice/lexicons/schemas";

// The studio's lexicon editor: the same domain functions as the Voice API's /lexicons, with the
// session's organisation. Server actions, so Next.js refuses them from another origin (CSRF).
// Failures come back as the API's own message (describeVoiceError), never thrown.

/** Creates the lexicon (no id) or replaces it (its version goes up). */
export async function saveLexiconAction(input: {
  id: string | null;
  name: string;
  pls: string;
}): Promise<ActionResult<LexiconView>> {
  const user = await requireDashboardUser("/studio/lexicons");
  try {
    const body = createLexiconBodySchema.parse({ name: input.name, pls: input.pls });
    const value = input.id
      ? await replaceLexicon(user.orgId, lexiconIdSchema.parse(input.id), body)
      : await createLexicon(user.orgId, body);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: describeVoiceError(error).message };
  }
}

export async function deleteLexiconAction(id: string): Promise<ActionResult<{ id: string }>> {
  const user = await requireDashboardUser("/studio/lexicons");
  try {
    await deleteLexicon(user.orgId, lexiconIdSchema.parse(id));
    return { ok: true, value: { id } };
  } catch (error) {
    return { ok: false, error: describeVoiceError(error).message };
  }
}
