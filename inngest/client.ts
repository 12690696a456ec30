import { eventType, Inngest } from "inngest";
import { z } from "zod";
import { env } from "@/lib/env";

// Typed events. The app never sends these directly from request handlers: state changes
// write Job rows in their own transaction (outbox), and the job runner relays them here when
// Inngest is configured (lib/jobs/relay-jobs-to-inngest.ts).

/** A session was created and must expire at expiresAt unless it finishes first. */
export const sessionExpiryScheduled = eventType("verification/session.expiry.scheduled", {
  schema: z.object({ sessionId: z.string(), expiresAt: z.string() }),
});

/** An outbox event (verification_session.completed / .expired) was recorded and must be delivered. */
export const webhookEventRecorded = eventType("webhooks/event.recorded", {
  schema: z.object({ eventId: z.string() }),
});

export const inngest = new Inngest({
  id: "voiceage",
  eventKey: env().INNGEST_EVENT_KEY,
  ...(env().INNGEST_DEV ? { isDev: true } : {}),
});
