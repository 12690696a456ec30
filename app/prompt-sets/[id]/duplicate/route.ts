import { duplicatePromptSet } from "@/lib/voice/prompt-sets/duplicate-prompt-set";
import { promptSetRequestSchemas } from "@/lib/voice/prompt-sets/request-schemas";
import { voiceMethods } from "@/lib/voice/methods";
import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";

export const dynamic = "force-dynamic";

export const POST = withVoiceApiKey<{ id: string }>(async ({ principal, params, json }) => {
  const { name } = promptSetRequestSchemas().duplicate.parse(await json({ optional: true }));
  return Response.json(await duplicatePromptSet({ orgId: principal.orgId, id: params.id, name }), { status: 201 });
});

const { notAllowed, options } = voiceMethods("POST");
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
