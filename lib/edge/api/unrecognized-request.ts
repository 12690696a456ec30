import "server-only";
import { withApiKey } from "@/lib/edge/api/with-api-key";
import { ApiError } from "@/lib/verification/errors";

/**
 * Answers a /v1 path or method the API does not have in the API's own envelope (404
 * resource_missing, as Stripe does), instead of Next.js's HTML page or bare 405. Route files
 * export it for the methods they do not implement.
 */
export const unrecognizedRequest = withApiKey(async ({ req }) => {
  throw new ApiError("resource_missing", `Unrecognized request URL (${req.method} ${new URL(req.url).pathname}).`);
});
