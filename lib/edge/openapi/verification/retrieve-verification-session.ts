// GET /v1/verification-sessions/{id}
import { commonErrors, error } from "@/lib/edge/openapi/verification/errors";
import { verificationExamples as examples } from "@/lib/edge/openapi/verification-examples";
import { ok, parameterRef } from "@/lib/edge/openapi/verification/components";

export function retrieveVerificationSessionOperation() {
  return {
    operationId: "retrieveVerificationSession",
    tags: ["Verification sessions"],
    summary: "Retrieve a session",
    parameters: [parameterRef("SessionId")],
    responses: {
      ...ok("200", "The session.", "Session", { example: examples.session }),
      ...error(404, "No session with that id for the organisation."),
      ...commonErrors,
    },
  };
}
