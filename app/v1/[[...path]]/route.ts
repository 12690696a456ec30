import { unrecognizedRequest } from "@/lib/edge/api/unrecognized-request";

export const dynamic = "force-dynamic";

// /v1 itself and unknown paths below it answer in the API's own envelope rather than with an HTML page.
export {
  unrecognizedRequest as GET,
  unrecognizedRequest as POST,
  unrecognizedRequest as PUT,
  unrecognizedRequest as PATCH,
  unrecognizedRequest as DELETE,
  unrecognizedRequest as OPTIONS,
};
