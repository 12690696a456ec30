import { preparedResponse } from "@/lib/http/prepared-response";
import { OPENAPI_CACHE_CONTROL, preparedVerificationDocument } from "@/lib/openapi/prepared-documents";

export const dynamic = "force-dynamic";

export function GET(req: Request) {
  return preparedResponse(req, preparedVerificationDocument(), {
    cacheControl: OPENAPI_CACHE_CONTROL,
    headers: { "Access-Control-Allow-Origin": "*" },
  });
}
