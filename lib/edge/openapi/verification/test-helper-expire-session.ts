// POST /v1/test_helpers/verification-sessions/{id}/expire
import { commonErrors, error, tooLarge } from "@/lib/edge/openapi/verification/errors";
import { verificationExamples as examples } from "@/lib/edge/openapi/verification-examples";
import { ok, parameterRef } from "@/lib/edge/openapi/verification/components";

export function testHelperExpireSessionOperation() {
  return {
    operationId: "testHelperExpireSession",
    tags: ["Test helpers"],
    summary: "Test mode: expire a session now",
    parameters: [parameterRef("SessionId"), parameterRef("IdempotencyKey")],
    responses: {
      ...ok("200", "The session after the transition.", "Session", {
        example: examples.expiredSession,
        idempotent: true,
      }),
      ...error(400, "Live key or session, or terminal session.", ["parameter_invalid"]),
      ...tooLarge,
      ...error(404, "No such session."),
      ...commonErrors,
    },
  };
}
