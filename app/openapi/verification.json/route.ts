import { preparedResponse } from "@/lib/platform/http/prepared-response";
import { OPENAPI_CACHE_CONTROL, preparedVerificationDocument } from "@/lib/edge/openapi/prepared-documents";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return preparedResponse(req, preparedVerificationDocument(), {
    cacheControl: OPENAPI_CACHE_CONTROL,
    headers: { "Access-Control-Allow-Origin": "*" },
  });
}
