import "server-only";
import { z } from "zod";
import { providerVerdictSchema } from "@/lib/verification/methods/http-image-provider";
import { ProviderError, type EvaluationContext, type HostedRedirectProvider } from "@/lib/verification/methods/types";

// Live credit card checks happen on the provider's own hosted page, so card numbers never touch
// this service (no PCI scope). We open a check, send the user to the provider, and on their
// return ask the provider for the verdict server-side: the browser never reports the result.
const TIMEOUT_MS = 15_000;

const startedCheckSchema = z.object({ id: z.string().min(1).max(200), redirect_url: z.string().url() });
const checkSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(["pending", "completed"]),
  result: providerVerdictSchema.shape.result.optional(),
  confidence: providerVerdictSchema.shape.confidence.optional(),
});

function endpoint(base: string, path: string): string {
  return new URL(path, base.endsWith("/") ? base : `${base}/`).toString();
}

async function call(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { "content-type": "application/json", accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "error",
    });
  } catch (error) {
    throw new ProviderError("credit_card provider unreachable", { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProviderError(`credit_card provider answered ${response.status}`);
  }
  return response.json().catch(() => null);
}

export function httpCardProvider(baseUrl: string): HostedRedirectProvider {
  return {
    kind: "hosted_redirect",
    method: "credit_card",
    async startCheck(context: EvaluationContext & { returnUrl: string }) {
      const parsed = startedCheckSchema.safeParse(
        await call(endpoint(baseUrl, "checks"), {
          method: "POST",
          body: JSON.stringify({
            required_age: context.requiredAge,
            reference: context.reference,
            return_url: context.returnUrl,
          }),
        }),
      );
      if (!parsed.success || !/^https?:$/.test(new URL(parsed.data.redirect_url).protocol)) {
        throw new ProviderError("credit_card provider gave an answer we do not understand");
      }
      return { checkId: parsed.data.id, redirectUrl: parsed.data.redirect_url };
    },
    async fetchVerdict(checkId: string | undefined, context: EvaluationContext) {
      // Back without a check (the user left the provider's page): nothing to decide yet.
      if (!checkId) return null;
      const parsed = checkSchema.safeParse(
        await call(endpoint(baseUrl, `checks/${encodeURIComponent(checkId)}`), { method: "GET" }),
      );
      if (!parsed.success) throw new ProviderError("credit_card provider gave an answer we do not understand");
      // A check opened for another session or attempt must not count for this one.
      if (parsed.data.id !== checkId || parsed.data.reference !== context.reference) {
        throw new ProviderError("credit_card check does not belong to this attempt");
      }
      if (parsed.data.status === "pending") return null;
      if (!parsed.data.result || !parsed.data.confidence) {
        throw new ProviderError("credit_card provider completed a check without a verdict");
      }
      return { result: parsed.data.result, confidence: parsed.data.confidence };
    },
  };
}
