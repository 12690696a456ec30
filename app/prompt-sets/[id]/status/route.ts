import { getPromptSetStatus } from "@/lib/voice/prompt-sets/get-prompt-set";
import { voiceMethods } from "@/lib/voice/methods";
import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";

export const dynamic = "force-dynamic";

export const GET = withVoiceApiKey<{ id: string }>(async ({ principal, params }) =>
  Response.json(await getPromptSetStatus({ orgId: principal.orgId, id: params.id })),
);

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
