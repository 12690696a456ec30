// GET /v1/verification-sessions
import { commonErrors, error } from "@/lib/edge/openapi/verification/errors";
import { cursorPagination, ok, parameterRef } from "@/lib/edge/openapi/verification/components";
import { verificationExamples as examples } from "@/lib/edge/openapi/verification-examples";

export function listVerificationSessionsOperation() {
  return {
    operationId: "listVerificationSessions",
    tags: ["Verification sessions"],
    summary: "List sessions, newest first",
    description:
      "Keyset pages, newest first: pass a page's next_cursor as `cursor` for the next one, until has_more is " +
      "false (next_cursor is then null). Sessions created while a client pages never shift it: nothing is " +
      "skipped or repeated.",
    parameters: [parameterRef("Limit"), parameterRef("Cursor")],
    "x-speakeasy-pagination": cursorPagination,
    responses: {
      ...ok("200", "A page of sessions.", "SessionList", { example: examples.sessionList }),
      ...error(400, "Bad limit (parameter_invalid) or a malformed, tampered or foreign cursor (cursor_invalid)."),
      ...commonErrors,
    },
  };
}
