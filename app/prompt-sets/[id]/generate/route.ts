import { generatePromptSetBodySchema } from "@/lib/voice/prompt-sets/schemas";
import { startPromptSetGeneration } from "@/lib/voice/prompt-sets/start-prompt-set-generation";
import { voiceMethods } from "@/lib/voice/methods";
import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";

export const dynamic = "force-dynamic";

export const POST = withVoiceApiKey<{ id: string }>(async ({ principal, params, json }) => {
  const { only } = generatePromptSetBodySchema.parse(await json({ optional: true }));
  return Response.json(await startPromptSetGeneration({ orgId: principal.orgId, id: params.id, only }), {
    status: 202,
  });
});

const { notAllowed, options } = voiceMethods("POST");
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
