import "server-only";
import type { VerificationSession } from "@/lib/generated/prisma/client";
import type { WebhookEventPayload } from "@/lib/verification/schemas";
import {
  confidenceOf,
  metadataOf,
  methodOf,
  nullableOf,
  requiredAgeOf,
  finalStatusOf,
} from "@/lib/verification/session-columns";

type SessionForPayload = Pick<
  VerificationSession,
  "id" | "status" | "requiredAge" | "mode" | "metadata" | "outcomeMethod" | "outcomeConfidence"
>;

/**
 * The JSON body of one delivery attempt (spec part 6), typed by the zod schema the OpenAPI
 * document's `webhooks` are made from. `created` is the time of this
 * attempt and `data` reflects the session at delivery time; an expired session has no
 * method or confidence.
 */
export function buildEventPayload(input: {
  eventId: string;
  type: WebhookEventPayload["type"];
  attemptAt: Date;
  session: SessionForPayload;
}): string {
  const { session } = input;
  const expired = session.status === "expired";
  const event: WebhookEventPayload = {
    id: input.eventId,
    type: input.type,
    created: input.attemptAt.toISOString(),
    data: {
      id: session.id,
      status: finalStatusOf(session.status),
      required_age: requiredAgeOf(session.requiredAge),
      method: expired ? null : nullableOf(methodOf, session.outcomeMethod),
      confidence: expired ? null : nullableOf(confidenceOf, session.outcomeConfidence),
      mode: session.mode,
      metadata: metadataOf(session.metadata),
    },
  };
  return JSON.stringify(event);
}
