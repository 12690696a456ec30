import { withApiKey } from "@/lib/api/with-api-key";
import { unrecognizedRequest } from "@/lib/api/unrecognized-request";
import { getSessionOrThrow } from "@/lib/verification/get-session-or-throw";
import { serializeSession } from "@/lib/verification/serialize-session";

export const GET = withApiKey<{ id: string }>(async ({ principal, params }) => {
  return Response.json(serializeSession(await getSessionOrThrow(principal.orgId, params.id)));
});

export { unrecognizedRequest as POST, unrecognizedRequest as PUT, unrecognizedRequest as PATCH, unrecognizedRequest as DELETE, unrecognizedRequest as OPTIONS };
