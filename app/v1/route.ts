import { unrecognizedRequest } from "@/lib/api/unrecognized-request";

// /v1 itself is no resource; like unknown paths below it, it answers in the API's envelope.
export {
  unrecognizedRequest as GET,
  unrecognizedRequest as POST,
  unrecognizedRequest as PUT,
  unrecognizedRequest as PATCH,
  unrecognizedRequest as DELETE,
  unrecognizedRequest as OPTIONS,
};
