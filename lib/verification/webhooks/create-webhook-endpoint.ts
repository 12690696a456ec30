import "server-only";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { newId } from "@/lib/platform/ids";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { VerificationApiError } from "@/lib/verification/errors";
import { MAX_ENDPOINTS_PER_MODE, type createWebhookEndpointBodySchema } from "@/lib/verification/webhooks/schemas";
import { generateEndpointSecret, sealEndpointSecret } from "@/lib/verification/webhooks/endpoint-secret";
import { resolveWebhookHost, WebhookAddressError } from "@/lib/verification/webhooks/network-policy";
import { serializeWebhookEndpoint } from "@/lib/verification/webhooks/serialize-webhook-endpoint";
import type { z } from "zod";

const CREATION_DNS_TIMEOUT_MS = 2000;

/**
 * Registers an endpoint for the organisation, in the mode of the key that created it (it
 * receives only events of sessions of that mode). The secret is returned here and never again.
 */
export async function createWebhookEndpoint(input: {
  orgId: string;
  mode: KeyMode;
  body: z.infer<typeof createWebhookEndpointBodySchema>;
}) {
  const url = new URL(input.body.url);
  if (url.username || url.password) {
    throw new VerificationApiError(
      "parameter_invalid",
      "Invalid url: it must not contain a user name or password.",
      "url",
    );
  }
  await assertAddressAllowed(url);

  const active = await db.webhookEndpoint.count({ where: { orgId: input.orgId, mode: input.mode, deletedAt: null } });
  if (active >= MAX_ENDPOINTS_PER_MODE) {
    throw new VerificationApiError(
      "parameter_invalid",
      `An organisation can have at most ${MAX_ENDPOINTS_PER_MODE} ${input.mode}-mode webhook endpoints; delete one first.`,
    );
  }

  const id = newId("whe");
  const secret = generateEndpointSecret();
  const row = await db.webhookEndpoint.create({
    data: {
      id,
      orgId: input.orgId,
      mode: input.mode,
      url: input.body.url,
      events: input.body.events,
      secretEncrypted: sealEndpointSecret(id, secret),
    },
  });
  return { ...serializeWebhookEndpoint(row), secret };
}

/**
 * Refuses loopback, private, link-local and other non-public addresses, written literally or
 * resolved through DNS. A name that does not resolve yet is accepted: DNS may be set up after
 * the endpoint, and every delivery checks the resolved address again.
 */
async function assertAddressAllowed(url: URL) {
  if (env().WEBHOOK_ALLOW_PRIVATE_NETWORKS) return;
  try {
    await resolveWebhookHost(url.hostname, { allowPrivate: false, timeoutMs: CREATION_DNS_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof WebhookAddressError && error.kind === "forbidden") {
      throw new VerificationApiError("parameter_invalid", `Invalid url: ${error.message}.`, "url");
    }
    if (!(error instanceof WebhookAddressError)) throw error;
  }
}
