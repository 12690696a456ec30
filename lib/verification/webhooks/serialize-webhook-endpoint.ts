import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import type { webhookEndpointSchema } from "@/lib/verification/webhooks/schemas";
import type { z } from "zod";
import { eventTypesOf } from "@/lib/verification/session-columns";

type EndpointJson = z.infer<typeof webhookEndpointSchema>;

/** The public shape everywhere except creation: never the secret, never internal columns. */
export function serializeWebhookEndpoint(
  row: Pick<WebhookEndpoint, "id" | "url" | "events" | "mode" | "createdAt">,
): EndpointJson {
  return {
    id: row.id,
    url: row.url,
    events: eventTypesOf(row.events),
    mode: row.mode,
    created_at: row.createdAt.toISOString(),
  };
}
