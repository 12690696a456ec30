import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";
import { deleteLexicon, getLexicon, replaceLexicon } from "@/lib/voice/manage-lexicons";
import { createLexiconBodySchema, LEXICON_BODY_LIMIT } from "@/lib/voice/lexicons/schemas";
import { voiceMethods } from "@/lib/voice/methods";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const GET = withVoiceApiKey<Params>(async ({ principal, params }) =>
  Response.json(await getLexicon(principal.orgId, params.id)),
);

export const PUT = withVoiceApiKey<Params>(async ({ principal, params, json }) => {
  // An unknown lexicon is a 404 whatever the body, as for the other paths with an id.
  await getLexicon(principal.orgId, params.id);
  const body = createLexiconBodySchema.parse(await json({ maxBytes: LEXICON_BODY_LIMIT }));
  return Response.json(await replaceLexicon(principal.orgId, params.id, body));
});

export const DELETE = withVoiceApiKey<Params>(async ({ principal, params }) =>
  Response.json(await deleteLexicon(principal.orgId, params.id)),
);

const { notAllowed, options } = voiceMethods("GET PUT DELETE");
export { notAllowed as POST, notAllowed as PATCH, options as OPTIONS };
