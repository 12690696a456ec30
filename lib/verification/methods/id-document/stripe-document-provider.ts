import "server-only";
import Stripe from "stripe";
import { logger } from "@/lib/platform/log";
import { ageOn, checkDay } from "@/lib/verification/methods/id-document/decide-document";
import { callStripe, stripeClient } from "@/lib/verification/methods/stripe/stripe-client";
import {
  ProviderError,
  type EvaluationContext,
  type HostedRedirectProvider,
  type ProviderVerdict,
} from "@/lib/verification/methods/types";

// id_document through Stripe Identity (docs/stripe.md). The user photographs the document and
// takes a live selfie on Stripe's page; we read only the verified date of birth, decide the age
// on the day, and then redact the VerificationSession, so neither Stripe nor we keep the document.

type VerificationSession = Stripe.Identity.VerificationSession;

/** Expanded on every read: Stripe sends the verified date of birth only when asked for it. */
const EXPAND = ["verified_outputs.dob"];

/**
 * The verdict of a VerificationSession as Stripe reports it, or null while there is nothing to
 * decide (the user has not submitted, Stripe is still processing, or the session was already
 * decided and redacted by an earlier return or webhook).
 */
function identityVerdict(session: VerificationSession, requiredAge: number, now: Date): ProviderVerdict | null {
  if (session.redaction) return null;
  const inconclusive: ProviderVerdict = { result: "inconclusive", confidence: "low" };
  switch (session.status) {
    case "verified": {
      const dob = session.verified_outputs?.dob;
      if (!dob?.year || !dob.month || !dob.day) return inconclusive;
      const birthDate = `${String(dob.year).padStart(4, "0")}-${String(dob.month).padStart(2, "0")}-${String(dob.day).padStart(2, "0")}`;
      const day = checkDay(now);
      if (birthDate > day) return inconclusive;
      // Stripe verified the document and matched it to a live selfie: high confidence.
      return ageOn(birthDate, day) >= requiredAge
        ? { result: "pass", confidence: "high" }
        : { result: "fail", confidence: "high" };
    }
    // requires_input is also the state of a session nobody has submitted yet; last_error says
    // Stripe tried and could not verify (unreadable, expired, selfie mismatch, abandoned).
    case "requires_input":
      return session.last_error ? inconclusive : null;
    case "canceled":
      return inconclusive;
    default:
      return null;
  }
}

/**
 * Redacts a decided session at Stripe. Stripe redacts sessions in requires_input or verified; a
 * cancelled one it may refuse, which is logged and not an error (nothing more can be collected).
 */
async function redact(session: VerificationSession): Promise<void> {
  try {
    await stripeClient().identity.verificationSessions.redact(session.id);
  } catch (error) {
    if (session.status === "canceled" && error instanceof Stripe.errors.StripeInvalidRequestError) {
      logger().warn({ stripeSession: session.id }, "Stripe refused to redact a cancelled VerificationSession");
      return;
    }
    throw new ProviderError("Stripe VerificationSession redaction failed", { cause: error });
  }
}

/** Reads the session's verdict and, when there is one, redacts the session before answering. */
export async function settleVerificationSession(
  session: VerificationSession,
  requiredAge: number,
  now = new Date(),
): Promise<ProviderVerdict | null> {
  const verdict = identityVerdict(session, requiredAge, now);
  if (verdict) await redact(session);
  return verdict;
}

/** The session with its verified date of birth, fresh from Stripe. */
export function retrieveVerificationSession(id: string): Promise<VerificationSession> {
  return callStripe("VerificationSession retrieve", () =>
    stripeClient().identity.verificationSessions.retrieve(id, { expand: EXPAND }),
  );
}

export function stripeDocumentProvider(): HostedRedirectProvider {
  return {
    kind: "hosted_redirect",
    method: "id_document",
    async startCheck(context) {
      const session = await callStripe("VerificationSession create", () =>
        stripeClient().identity.verificationSessions.create(
          {
            type: "document",
            options: { document: { require_matching_selfie: true, require_live_capture: true } },
            client_reference_id: context.reference,
            metadata: { reference: context.reference },
            return_url: context.returnUrl,
          },
          // A retried request (the SDK retries connection errors) opens one session, not two.
          { idempotencyKey: `id-document-${context.reference}` },
        ),
      );
      if (!session.url || !/^https:$/.test(new URL(session.url).protocol)) {
        throw new ProviderError("Stripe gave a VerificationSession without an https url");
      }
      return { checkId: session.id, redirectUrl: session.url };
    },
    async fetchVerdict(checkId: string | undefined, context: EvaluationContext) {
      // Stripe's return_url carries nothing back: the attempt's session is found by our reference.
      const id =
        checkId ??
        (
          await callStripe("VerificationSession list", () =>
            stripeClient().identity.verificationSessions.list({ client_reference_id: context.reference, limit: 1 }),
          )
        ).data[0]?.id;
      if (!id) throw new ProviderError("no Stripe VerificationSession for this attempt");
      const session = await retrieveVerificationSession(id);
      if (session.client_reference_id !== context.reference) {
        throw new ProviderError("Stripe VerificationSession does not belong to this attempt");
      }
      return callStripe("VerificationSession settle", () => settleVerificationSession(session, context.requiredAge));
    },
  };
}
