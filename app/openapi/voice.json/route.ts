import { preparedResponse } from "@/lib/platform/http/prepared-response";
import { OPENAPI_CACHE_CONTROL, preparedVoiceDocument } from "@/lib/edge/openapi/prepared-documents";
import { voiceMethods } from "@/lib/voice/methods";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return preparedResponse(req, preparedVoiceDocument(), {
    cacheControl: OPENAPI_CACHE_CONTROL,
    headers: { "Access-Control-Allow-Origin": "*" },
  });
}

const { notAllowed, options } = voiceMethods("GET");
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, options as OPTIONS };
