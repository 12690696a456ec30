import { withApiKey } from "@/lib/edge/api/with-api-key";
import { unrecognizedRequest } from "@/lib/edge/api/unrecognized-request";
import { expireTestSession } from "@/lib/verification/test-helpers";

export const dynamic = "force-dynamic";

export const POST = withApiKey<{ id: string }>(async ({ principal, params }) => {
  return Response.json(await expireTestSession(principal, params.id));
});

export {
  unrecognizedRequest as GET,
  unrecognizedRequest as PUT,
  unrecognizedRequest as PATCH,
  unrecognizedRequest as DELETE,
  unrecognizedRequest as OPTIONS,
};
