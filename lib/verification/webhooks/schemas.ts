// zod schemas of /v1/webhook-endpoints: request validation, responses and the OpenAPI document
// come from here. Importable by client and server.
import { z } from "zod";
import { idPattern } from "@/lib/platform/ids";
import { modeSchema } from "@/lib/account/keys/key-mode";
import { absoluteUrl, HTTPS_URL_PATTERN, MAX_URL_CHARACTERS, webhookEventTypes } from "@/lib/verification/schemas";

export const createWebhookEndpointBodySchema = z.strictObject({
  url: absoluteUrl("url", ["https:"], "url must be an absolute https URL").meta({
    pattern: HTTPS_URL_PATTERN,
    description:
      `An absolute https URL with a host, at most ${MAX_URL_CHARACTERS} characters; plain http is refused. Hosts ` +
      "that resolve to loopback or private addresses are refused too, unless the server allows private networks.",
  }),
  events: z
    .array(z.enum(webhookEventTypes), { error: "events must be an array of event types" })
    .min(1, "events must not be empty")
    .refine((e) => new Set(e).size === e.length, "events must not contain duplicates")
    .meta({ uniqueItems: true, description: "The event types to deliver, without duplicates. Default: both." })
    .default([...webhookEventTypes]),
});

/** Like Stripe's per-account cap: bounds the fan-out of every event (and the unpaged list). */
export const MAX_ENDPOINTS_PER_MODE = 16;

/** Which events an endpoint receives; every key lists every endpoint, so the answer must say. */
const ENDPOINT_MODE_DESCRIPTION =
  "The mode of the key that registered the endpoint. It receives only events of sessions in this mode: " +
  "a test endpoint gets test sessions' events, a live endpoint live sessions' events, whichever key lists it.";

export const webhookEndpointSchema = z.object({
  id: z.string().regex(idPattern("whe")),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  mode: modeSchema.meta({ description: ENDPOINT_MODE_DESCRIPTION }),
  created_at: z.iso.datetime(),
});
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({
  secret: z.string().regex(/^whsec_[A-Za-z0-9]+$/),
});
export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });
