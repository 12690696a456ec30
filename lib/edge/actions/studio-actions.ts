"use server";

import type { ActionResult } from "@/lib/edge/actions/action-result";
import { env } from "@/lib/platform/env";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { createTts } from "@/lib/voice/create-tts";
import { describeVoiceError } from "@/lib/voice/errors";
import { listTtsGenerations, type TtsHistoryItem } from "@/lib/voice/list-tts-generations";
import {
  buildTtsRequestBodySchema,
  voiceIdSchema,
  type ResolvedVoiceSettings,
  type TtsResult,
} from "@/lib/voice/schemas";
import { getVoiceCatalog } from "@/lib/voice/voice-catalog";

type StudioError = { code: string; message: string; status: number };
export type GenerateResult = ActionResult<TtsResult, { failure: StudioError }>;

const STUDIO_HISTORY_LIMIT = 20;

/**
 * Generate from the studio: the same validation and domain call as POST /tts (content cache,
 * history row, signed URL), authenticated by the session instead of an API key. A server
 * action, so Next.js refuses it from another origin (CSRF). Failures come back as the API's
 * own error code and message, never thrown.
 */
export async function generatePromptAction(input: unknown): Promise<GenerateResult> {
  const user = await requireDashboardUser("/studio");
  try {
    const body = buildTtsRequestBodySchema(env().TTS_MAX_TEXT_LENGTH).parse(input);
    return { ok: true, value: await createTts({ orgId: user.orgId, body }) };
  } catch (error) {
    // One mapper for the API and the studio: the reader sees what an integrator would.
    const { status, code, message } = describeVoiceError(error);
    return { ok: false, error: message, failure: { code, message, status } };
  }
}

/** The organisation's latest prompts, each with a fresh download link. */
export async function listHistoryAction(): Promise<TtsHistoryItem[]> {
  const user = await requireDashboardUser("/studio");
  return listTtsGenerations({ orgId: user.orgId, limit: STUDIO_HISTORY_LIMIT });
}

/** The voice's stored default settings, for "Reset to the voice's defaults". */
export async function getVoiceDefaultsAction(voiceId: string): Promise<ActionResult<ResolvedVoiceSettings>> {
  await requireDashboardUser("/studio");
  const id = voiceIdSchema.safeParse(voiceId);
  if (!id.success) return { ok: false, error: "That is not a voice id." };
  try {
    const defaults = await getVoiceCatalog().voiceDefaults(id.data);
    return defaults
      ? { ok: true, value: defaults }
      : { ok: false, error: "That voice is no longer on the connected account." };
  } catch (error) {
    return { ok: false, error: `The voice's defaults could not be loaded: ${describeVoiceError(error).message}` };
  }
}
