// POST /v1/verification-sessions
import { commonErrors, error, tooLarge } from "@/lib/edge/openapi/verification/errors";
import { componentRef } from "@/lib/edge/openapi/zod-to-openapi";
import { verificationExamples as examples } from "@/lib/edge/openapi/verification-examples";
import { ok, parameterRef } from "@/lib/edge/openapi/verification/components";

export function createVerificationSessionOperation() {
  return {
    operationId: "createVerificationSession",
    tags: ["Verification sessions"],
    summary: "Create a verification session",
    parameters: [parameterRef("IdempotencyKey")],
    requestBody: componentRef("requestBodies", "CreateSessionBody"),
    responses: {
      ...ok("201", "The session, with its one-time hosted url.", "CreatedSession", {
        example: examples.createdSession,
        idempotent: true,
      }),
      ...error(
        400,
        "Validation failed (a body that is not UTF-8 included) or Idempotency-Key reused with a different body.",
        ["parameter_invalid"],
      ),
      ...tooLarge,
      ...commonErrors,
    },
  };
}
