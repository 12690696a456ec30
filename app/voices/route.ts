import { preparedResponse } from "@/lib/platform/http/prepared-response";
import { listVoicesPrepared } from "@/lib/voice/list-voices";
import { voiceMethods } from "@/lib/voice/methods";
import { withVoiceApiKey } from "@/lib/edge/api/with-voice-api-key";

export const dynamic = "force-dynamic";

// The list changes when the catalog refreshes, so a client revalidates each time: with the ETag
// it already has, that costs a 304 and no body.
export const GET = withVoiceApiKey(async ({ req }) =>
  preparedResponse(req, await listVoicesPrepared(), { cacheControl: "private, no-cache" }),
);

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
