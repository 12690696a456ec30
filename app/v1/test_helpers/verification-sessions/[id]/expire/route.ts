import { withApiKey } from "@/lib/api/with-api-key";
import { expireTestSession } from "@/lib/verification/test-helpers";

export const POST = withApiKey<{ id: string }>(async ({ principal, params }) => {
  return Response.json(await expireTestSession(principal, params.id));
});
