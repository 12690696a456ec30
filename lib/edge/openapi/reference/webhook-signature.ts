// The webhook signature check as /docs shows it, and a worked example of the exact bytes signed.
// The snippet is run against real signed deliveries by tests/openapi/doc-snippets.test.ts, so the
// code an integrator copies is the code that is known to accept our deliveries.
import { verificationExamples } from "@/lib/edge/openapi/verification-examples";
import { signatureHeader } from "@/lib/verification/webhooks/sign-payload";

/** A receiver's check in TypeScript (Node.js 18+), standalone: only node:crypto. */
export const WEBHOOK_SIGNATURE_SNIPPET = `import { createHmac, timingSafeEqual } from "node:crypto";

/** Deliveries signed further than this from now are refused, so a captured one cannot be replayed. */
const TOLERANCE_SECONDS = 300;

export type AgeVerificationEvent = {
  id: string; // evt_...: the same on every retry of the delivery, so de-duplicate by it
  type: "verification_session.completed" | "verification_session.expired";
  created: string;
  data: {
    id: string; // the session, vs_...
    status: "passed" | "failed" | "expired";
    required_age: 16 | 18;
    method: string | null;
    confidence: "high" | "medium" | "low" | null;
    mode: "test" | "live";
    metadata: Record<string, string>;
  };
};

/** Checks the Service-Signature header against the raw body and your endpoint's whsec_ secret, then parses. */
export function verifyAgeWebhook(
  rawBody: string,
  header: string | null,
  secret: string,
  now: number = Date.now(),
): AgeVerificationEvent {
  const match = /^t=(\\d+),v1=([0-9a-f]+)$/.exec(header ?? "");
  if (!match) throw new Error("Service-Signature is missing or malformed");
  const [, t = "", v1 = ""] = match;
  if (Math.abs(Math.floor(now / 1000) - Number(t)) > TOLERANCE_SECONDS) {
    throw new Error("Service-Signature is too old (or from the future)");
  }
  // The exact bytes signed: the t value, a literal ".", then the body exactly as received.
  const signed = Buffer.concat([Buffer.from(t + ".", "utf8"), Buffer.from(rawBody, "utf8")]);
  const expected = Buffer.from(createHmac("sha256", secret).update(signed).digest("hex"), "utf8");
  const given = Buffer.from(v1, "utf8");
  // Compared in constant time, so the answer's timing says nothing about how much matched.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Error("Service-Signature does not match the body");
  }
  return JSON.parse(rawBody) as AgeVerificationEvent;
}

// A Next.js route handler (app/webhooks/age/route.ts); in any framework, read the body as raw text.
export async function POST(request: Request): Promise<Response> {
  const rawBody = await request.text(); // never a parsed and re-serialised object
  let event: AgeVerificationEvent;
  try {
    event = verifyAgeWebhook(rawBody, request.headers.get("service-signature"), process.env.AGE_WEBHOOK_SECRET ?? "");
  } catch {
    return new Response("signature check failed", { status: 400 });
  }
  // Answer within 10 seconds; queue slow work. event.data.status is passed, failed or expired.
  return Response.json({ received: event.id });
}
`;

/** The same check by hand in a shell: prints v1 for a t, a raw body and a secret. */
export const WEBHOOK_SIGNATURE_SHELL = `# T: the t= value of Service-Signature; RAW_BODY: the body exactly as received; WHSEC: the secret
printf '%s.%s' "$T" "$RAW_BODY" | openssl dgst -sha256 -hmac "$WHSEC" -r | cut -d' ' -f1
# → the v1= value: 64 lowercase hex digits`;

/** An example event signed the way every delivery is signed (lib/verification/webhooks/sign-payload.ts). */
export function exampleSignedDelivery() {
  const secret = verificationExamples.createdWebhookEndpoint.secret;
  const timestamp = Math.floor(Date.parse(verificationExamples.webhookEvent.created) / 1000);
  const rawBody = JSON.stringify(verificationExamples.webhookEvent);
  return {
    secret,
    timestamp,
    rawBody,
    signedBytes: `${timestamp}.${rawBody}`,
    header: signatureHeader(secret, timestamp, rawBody),
  };
}
