import "server-only";
import type { VerificationSession } from "@/lib/generated/prisma/client";
import type { WebhookEventPayload } from "@/lib/verification/schemas";

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
      status: session.status as WebhookEventPayload["data"]["status"],
      required_age: session.requiredAge as 16 | 18,
      method: expired ? null : ((session.outcomeMethod as WebhookEventPayload["data"]["method"]) ?? null),
      confidence: expired ? null : ((session.outcomeConfidence as WebhookEventPayload["data"]["confidence"]) ?? null),
      mode: session.mode,
      metadata: session.metadata as Record<string, string>,
    },
  };
  return JSON.stringify(event);
}
