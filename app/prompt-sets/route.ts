import { createPromptSet } from "@/lib/voice/prompt-sets/create-prompt-set";
import { listPromptSets } from "@/lib/voice/prompt-sets/list-prompt-sets";
import { promptSetBodyLimit, promptSetRequestSchemas } from "@/lib/voice/prompt-sets/request-schemas";
import { voiceMethods } from "@/lib/voice/methods";
import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";

export const dynamic = "force-dynamic";

export const GET = withVoiceApiKey(async ({ principal }) =>
  Response.json(await listPromptSets({ orgId: principal.orgId })),
);

export const POST = withVoiceApiKey(async ({ principal, json }) => {
  const body = promptSetRequestSchemas().create.parse(await json({ maxBytes: promptSetBodyLimit() }));
  return Response.json(await createPromptSet({ orgId: principal.orgId, body }), { status: 201 });
});

const { notAllowed, options } = voiceMethods("GET POST");
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
