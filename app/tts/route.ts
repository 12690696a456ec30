import { env } from "@/lib/platform/env";
import { createTts } from "@/lib/voice/create-tts";
import { buildTtsRequestBodySchema } from "@/lib/voice/schemas";
import { voiceMethods } from "@/lib/voice/methods";
import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";

export const dynamic = "force-dynamic";

let bodySchema: ReturnType<typeof buildTtsRequestBodySchema> | undefined;

export const POST = withVoiceApiKey(async ({ principal, json }) => {
  bodySchema ??= buildTtsRequestBodySchema(env().TTS_MAX_TEXT_LENGTH);
  const body = bodySchema.parse(await json());
  return Response.json(await createTts({ orgId: principal.orgId, body }));
});

const { notAllowed, options } = voiceMethods("POST");
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
