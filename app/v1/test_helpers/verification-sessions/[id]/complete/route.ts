import { withApiKey } from "@/lib/api/with-api-key";
import { completeSessionHelperBodySchema } from "@/lib/verification/schemas";
import { completeTestSession } from "@/lib/verification/test-helpers";

export const POST = withApiKey<{ id: string }>(async ({ principal, params, json }) => {
  const body = completeSessionHelperBodySchema.parse(json());
  return Response.json(await completeTestSession(principal, params.id, body));
});
