import "server-only";
import { readFileSync } from "node:fs";
import https from "node:https";
import { rootCertificates } from "node:tls";
import Stripe from "stripe";
import { env } from "@/lib/platform/env";
import { lazy } from "@/lib/platform/lazy";
import { ProviderError } from "@/lib/verification/methods/types";

/**
 * The one Stripe client of the process (docs/stripe.md). STRIPE_API_URL points it elsewhere
 * through the SDK's documented host/port/protocol options, and STRIPE_CA_FILE adds a certificate
 * authority to this client's own https agent only: nothing else in the process trusts it, and
 * TLS verification is never switched off.
 */
export const stripeClient = lazy(() => {
  const config = env();
  if (!config.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  const target = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const ca = config.STRIPE_CA_FILE ? [...rootCertificates, readFileSync(config.STRIPE_CA_FILE, "utf8")] : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    timeout: config.STRIPE_TIMEOUT_MS,
    // One retry of a connection error (the SDK's default, idempotent); a slow Stripe then costs
    // the user at most two timeouts before the flow's own provider-error handling takes over.
    maxNetworkRetries: 1,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "http:" ? 80 : 443),
          protocol: target.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
    ...(ca ? { httpAgent: new https.Agent({ keepAlive: true, ca }) } : {}),
  });
});

/**
 * Runs one Stripe call; anything Stripe (or the way to it) throws becomes a ProviderError, so the
 * hosted flow treats Stripe down, slow or refusing as it treats the other providers' failures.
 */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const code =
      error instanceof Stripe.errors.StripeError ? ` (${error.type}${error.code ? ` ${error.code}` : ""})` : "";
    throw new ProviderError(`Stripe ${what} failed${code}`, { cause: error });
  }
}
