import { unrecognizedRequest } from "@/lib/api/unrecognized-request";

// Unknown /v1 paths answer in the API's own envelope rather than with an HTML page.
export {
  unrecognizedRequest as GET,
  unrecognizedRequest as POST,
  unrecognizedRequest as PUT,
  unrecognizedRequest as PATCH,
  unrecognizedRequest as DELETE,
  unrecognizedRequest as OPTIONS,
};
