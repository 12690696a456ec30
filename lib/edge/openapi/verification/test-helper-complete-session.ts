// POST /v1/test_helpers/verification-sessions/{id}/complete
import { commonErrors, error, tooLarge } from "@/lib/edge/openapi/verification/errors";
import { componentRef } from "@/lib/edge/openapi/zod-to-openapi";
import { verificationExamples as examples } from "@/lib/edge/openapi/verification-examples";
import { ok, parameterRef } from "@/lib/edge/openapi/verification/components";

export function testHelperCompleteSessionOperation() {
  return {
    operationId: "testHelperCompleteSession",
    tags: ["Test helpers"],
    summary: "Test mode: complete a session with a pass or fail",
    parameters: [parameterRef("SessionId"), parameterRef("IdempotencyKey")],
    requestBody: componentRef("requestBodies", "CompleteSessionHelperBody"),
    responses: {
      ...ok("200", "The session after the transition.", "Session", { example: examples.session, idempotent: true }),
      ...error(400, "Live key or session, terminal session, or bad body.", ["parameter_invalid"]),
      ...tooLarge,
      ...error(404, "No such session."),
      ...commonErrors,
    },
  };
}
