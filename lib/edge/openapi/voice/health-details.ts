// GET /health/details
import { voiceExamples as examples } from "@/lib/edge/openapi/voice-examples";
import { internal, unauthorized } from "@/lib/edge/openapi/voice/errors";
import { jsonContent, ref } from "@/lib/edge/openapi/zod-to-openapi";

export function healthDetailsOperation() {
  return {
    operationId: "healthDetails",
    tags: ["Service"],
    summary: "Speech engines and their start-up probe",
    description:
      "Local speech: each engine (Festival, Flite, eSpeak NG) is asked for its voices and made to say a word at " +
      "start-up; an engine or voice that fails is left out of GET /voices and the studio everywhere, logged " +
      "once, and named here with the reason. A remote provider (ElevenLabs) lists no engines.",
    responses: {
      "200": {
        description: "The provider and each engine's state.",
        content: jsonContent(ref("HealthDetails"), examples.healthDetails),
      },
      ...unauthorized,
      ...internal,
    },
  };
}
