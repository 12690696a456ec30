import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";
import { createLexicon, listLexicons } from "@/lib/voice/manage-lexicons";
import { createLexiconBodySchema, LEXICON_BODY_LIMIT } from "@/lib/voice/lexicons/schemas";
import { voiceMethods } from "@/lib/voice/methods";

export const dynamic = "force-dynamic";

export const GET = withVoiceApiKey(async ({ principal }) => Response.json(await listLexicons(principal.orgId)));

export const POST = withVoiceApiKey(async ({ principal, json }) => {
  const body = createLexiconBodySchema.parse(await json({ maxBytes: LEXICON_BODY_LIMIT }));
  return Response.json(await createLexicon(principal.orgId, body), { status: 201 });
});

const { notAllowed, options } = voiceMethods("GET POST");
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
