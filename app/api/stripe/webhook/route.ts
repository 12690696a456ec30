import { toVerificationErrorResponse } from "@/lib/verification/errors";
import { readBodyText } from "@/lib/platform/http/read-json";
import { receiveStripeWebhook } from "@/lib/verification/hosted-flow/receive-stripe-webhook";

// Stripe's webhook endpoint for Stripe Identity (docs/stripe.md). The body is read raw: the
// signature covers its exact bytes.
export const dynamic = "force-dynamic";

export async function POST(req: Request): Promise<Response> {
  try {
    const payload = await readBodyText(req);
    return Response.json(await receiveStripeWebhook(payload, req.headers.get("stripe-signature")));
  } catch (error) {
    return toVerificationErrorResponse(error);
  }
}
