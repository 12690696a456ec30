import "server-only";
import { z } from "zod";
import {
  ProviderError,
  type EvaluationContext,
  type ImageEvidence,
  type ImageProvider,
  type VerificationMethod,
} from "@/lib/verification/methods/types";

// Live face estimation and document checks talk to a provider over HTTP (contract in README,
// "Live providers"). The image travels in the request body only: it is never written to disk or
// the database here, and the buffer is dropped as soon as the provider has answered.
const TIMEOUT_MS = 20_000;

export const providerVerdictSchema = z.object({
  result: z.enum(["pass", "fail", "inconclusive"]),
  confidence: z.enum(["high", "medium", "low"]),
});

export function httpImageProvider(method: VerificationMethod, url: string): ImageProvider {
  return {
    kind: "image",
    method,
    checkedOnThisServer: false,
    async evaluate(image: ImageEvidence, context: EvaluationContext) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({
            method,
            required_age: context.requiredAge,
            reference: context.reference,
            image: { content_type: image.contentType, data: Buffer.from(image.bytes).toString("base64") },
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: "error",
        });
      } catch (error) {
        throw new ProviderError(`${method} provider unreachable`, { cause: error });
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new ProviderError(`${method} provider answered ${response.status}`);
      }
      const parsed = providerVerdictSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new ProviderError(`${method} provider gave an answer we do not understand`);
      return parsed.data;
    },
  };
}
