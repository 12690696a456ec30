import { withApiKey } from "@/lib/api/with-api-key";
import { ApiError } from "@/lib/verification/errors";

// Unknown /v1 paths answer in the API's own envelope rather than with an HTML page.
const notFound = withApiKey(async ({ req }) => {
  throw new ApiError("resource_missing", `Unrecognized request URL (${req.method} ${new URL(req.url).pathname}).`);
});
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
