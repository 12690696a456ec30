import { withApiKey } from "@/lib/edge/api/with-api-key";
import { unrecognizedRequest } from "@/lib/edge/api/unrecognized-request";
import { completeSessionHelperBodySchema } from "@/lib/verification/schemas";
import { completeTestSession } from "@/lib/verification/test-helpers";

export const dynamic = "force-dynamic";

export const POST = withApiKey<{ id: string }>(async ({ principal, params, json }) => {
  const body = completeSessionHelperBodySchema.parse(json());
  return Response.json(await completeTestSession(principal, params.id, body));
});

export {
  unrecognizedRequest as GET,
  unrecognizedRequest as PUT,
  unrecognizedRequest as PATCH,
  unrecognizedRequest as DELETE,
  unrecognizedRequest as OPTIONS,
};
