import "server-only";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { checkVoice } from "@/lib/voice/prompt-sets/check-voice";
import { getPromptSet } from "@/lib/voice/prompt-sets/get-prompt-set";
import { loadLexicons } from "@/lib/voice/manage-lexicons";
import type { CreatePromptSetBody, PromptSetView } from "@/lib/voice/prompt-sets/schemas";

/** POST /prompt-sets: a new set, its prompts not generated yet. */
export async function createPromptSet(input: { orgId: string; body: CreatePromptSetBody }): Promise<PromptSetView> {
  const { body } = input;
  const voice = await checkVoice(body.voice_id);
  await loadLexicons(input.orgId, body.lexicon_ids);
  const id = newId("ps");
  await db.promptSet.create({
    data: {
      id,
      orgId: input.orgId,
      name: body.name,
      language: body.language ?? voice.language,
      voiceId: body.voice_id,
      modelId: body.model_id,
      outputFormat: body.output_format,
      voiceSettings: body.voice_settings,
      textType: body.text_type,
      lexiconIds: body.lexicon_ids,
      prompts: {
        createMany: {
          data: body.prompts.map((prompt, position) => ({
            id: newId("psp"),
            position,
            name: prompt.name,
            text: prompt.text,
          })),
        },
      },
    },
  });
  return getPromptSet({ orgId: input.orgId, id });
}
