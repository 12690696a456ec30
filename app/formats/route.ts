import { preparedResponse } from "@/lib/platform/http/prepared-response";
import { listFormatsPrepared } from "@/lib/voice/list-formats";
import { voiceMethods } from "@/lib/voice/methods";
import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";

export const dynamic = "force-dynamic";

// The formats change only with a deploy: a client may reuse its copy for an hour.
export const GET = withVoiceApiKey(async ({ req }) =>
  preparedResponse(req, listFormatsPrepared(), { cacheControl: "private, max-age=3600" }),
);

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
