// GET /health
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";

export function healthOperation() {
  return {
    operationId: "health",
    tags: ["Service"],
    summary: "Liveness check",
    security: [],
    responses: {
      "200": { description: "The service is up.", content: jsonContent(ref("Health"), examples.health) },
    },
  };
}
