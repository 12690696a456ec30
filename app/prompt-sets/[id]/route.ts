import { deletePromptSet } from "@/lib/voice/prompt-sets/delete-prompt-set";
import { getPromptSet } from "@/lib/voice/prompt-sets/get-prompt-set";
import { promptSetBodyLimit, promptSetRequestSchemas } from "@/lib/voice/prompt-sets/request-schemas";
import { updatePromptSet } from "@/lib/voice/prompt-sets/update-prompt-set";
import { voiceMethods } from "@/lib/voice/methods";
import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const GET = withVoiceApiKey<Params>(async ({ principal, params }) =>
  Response.json(await getPromptSet({ orgId: principal.orgId, id: params.id })),
);

export const PATCH = withVoiceApiKey<Params>(async ({ principal, params, json }) => {
  const body = promptSetRequestSchemas().update.parse(await json({ maxBytes: promptSetBodyLimit() }));
  return Response.json(await updatePromptSet({ orgId: principal.orgId, id: params.id, body }));
});

export const DELETE = withVoiceApiKey<Params>(async ({ principal, params }) =>
  Response.json(await deletePromptSet({ orgId: principal.orgId, id: params.id })),
);

const { notAllowed, options } = voiceMethods("GET PATCH DELETE");
export { notAllowed as POST, notAllowed as PUT, options as OPTIONS };
