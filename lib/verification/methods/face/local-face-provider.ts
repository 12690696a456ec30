import "server-only";
import { env } from "@/lib/platform/env";
import { analyzeFace } from "@/lib/verification/methods/face/analyze-face";
import { ageRuleFor, decideAge } from "@/lib/verification/methods/face/decide-age";
import { RetakeRequired, type ImageProvider } from "@/lib/verification/methods/types";

/**
 * face_estimation on this server (docs/face-estimation.md): a photo that cannot be judged is a
 * retake; a face the anti-spoofing or liveness model does not score as live can never pass (it is
 * inconclusive, so the user moves on to the next method); otherwise the challenge-age rule decides.
 */
export function localFaceProvider(): ImageProvider {
  return {
    kind: "image",
    method: "face_estimation",
    checkedOnThisServer: true,
    async evaluate(image, context) {
      const analysis = await analyzeFace(image.bytes);
      if (analysis.kind === "retake") throw new RetakeRequired(analysis.message);
      if (analysis.kind === "spoof" || analysis.age === null) return { result: "inconclusive", confidence: "low" };
      return decideAge({
        estimate: analysis.age,
        requiredAge: context.requiredAge,
        rule: ageRuleFor(context.requiredAge, env().FACE_ESTIMATION_BUFFER_YEARS),
      });
    },
  };
}
