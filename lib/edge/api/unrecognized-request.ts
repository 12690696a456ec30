import "server-only";
import { withApiKey } from "@/lib/edge/api/with-api-key";
import { VerificationApiError } from "@/lib/verification/errors";
import { allowedMethodsOf } from "@/lib/edge/openapi/api-paths";

/**
 * Answers a /v1 path or method the API does not have in the API's own envelope, once the request
 * is authenticated and counted, instead of Next.js's HTML page or bare 405: an unknown path is 404
 * resource_missing (as Stripe answers it); a documented path asked with another method is 405
 * method_not_allowed with Allow, and OPTIONS there is 204 with Allow. Route files export it for
 * the methods they do not implement.
 */
export const unrecognizedRequest = withApiKey(async ({ req }) => {
  const path = new URL(req.url).pathname;
  const allow = allowedMethodsOf(path);
  if (!allow) throw new VerificationApiError("resource_missing", `Unrecognized request URL (${req.method} ${path}).`);
  if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
  throw new VerificationApiError(
    "method_not_allowed",
    `${req.method} is not supported on ${path}; use ${allow}.`,
    undefined,
    {
      Allow: allow,
    },
  );
});
