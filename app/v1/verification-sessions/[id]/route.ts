import { withApiKey } from "@/lib/edge/api/with-api-key";
import { unrecognizedRequest } from "@/lib/edge/api/unrecognized-request";
import { jsonTextResponse } from "@/lib/platform/http/json-text-response";
import { getSessionJsonOrThrow } from "@/lib/verification/get-session-or-throw";

export const dynamic = "force-dynamic";

export const GET = withApiKey<{ id: string }>(async ({ principal, params }) => {
  return jsonTextResponse(await getSessionJsonOrThrow(principal.orgId, params.id));
});

export {
  unrecognizedRequest as POST,
  unrecognizedRequest as PUT,
  unrecognizedRequest as PATCH,
  unrecognizedRequest as DELETE,
  unrecognizedRequest as OPTIONS,
};
