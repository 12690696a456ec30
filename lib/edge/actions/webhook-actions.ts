"use server";

import { revalidatePath } from "next/cache";
import { fieldErrorsOf, type ActionResult } from "@/lib/edge/actions/action-result";
import { changeById } from "@/lib/edge/actions/change-by-id";
import { createWebhookEndpointFormSchema, idSchema } from "@/lib/edge/dashboard/schemas";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { VerificationApiError } from "@/lib/verification/errors";
import { createWebhookEndpoint } from "@/lib/verification/webhooks/create-webhook-endpoint";
import { deleteWebhookEndpoint } from "@/lib/verification/webhooks/delete-webhook-endpoint";
import { describeDeliveryFailure } from "@/lib/verification/webhooks/describe-delivery-failure";
import { DeliveryNotRetryingError, retryDeliveryNow } from "@/lib/verification/webhooks/retry-delivery-now";
import { sendTestEvent } from "@/lib/verification/webhooks/send-test-event";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { revealPermission } from "@/lib/account/teams/roles";
import { permissionRefusal } from "@/lib/edge/actions/permission-refusal";

export async function createWebhookEndpointAction(input: {
  url: string;
  events: string[];
  mode: string;
}): Promise<ActionResult<{ id: string; url: string; secret: string; mode: KeyMode }>> {
  const user = await requireDashboardUser("/dashboard/webhooks");
  const parsed = createWebhookEndpointFormSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, error: "Check the highlighted fields.", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const { mode, ...body } = parsed.data;
  const refused = permissionRefusal(user, revealPermission("webhooks", mode));
  if (refused) return refused;
  try {
    const created = await createWebhookEndpoint({ orgId: user.orgId, mode, body });
    revalidatePath("/dashboard", "layout");
    // The only time the signing secret leaves the server.
    return { ok: true, value: { id: created.id, url: created.url, secret: created.secret, mode: created.mode } };
  } catch (error) {
    // The domain's refusals (private address, too many endpoints) are messages for the reader.
    if (error instanceof VerificationApiError && error.status === 400) {
      return {
        ok: false,
        error: error.message,
        fieldErrors: error.param === "url" ? { url: error.message } : undefined,
      };
    }
    throw error;
  }
}

export async function deleteWebhookEndpointAction(input: { id: string }): Promise<ActionResult<{ id: string }>> {
  const user = await requireDashboardUser("/dashboard/webhooks");
  return changeById(input, {
    prefix: "whe",
    invalid: "That endpoint does not exist.",
    missing: "That endpoint does not exist or was already deleted.",
    isMissing: (error) => error instanceof VerificationApiError && error.code === "resource_missing",
    change: (id) => deleteWebhookEndpoint(user.orgId, id),
  });
}

export async function sendTestEventAction(input: { id: string }): Promise<
  ActionResult<{
    success: boolean;
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    eventId: string;
    type: string;
  }>
> {
  const user = await requireDashboardUser("/dashboard/webhooks");
  const id = idSchema("whe").safeParse(input.id);
  if (!id.success) return { ok: false, error: "That endpoint does not exist." };
  const result = await sendTestEvent(user.orgId, id.data);
  if (!result) return { ok: false, error: "That endpoint does not exist or was deleted." };
  const { success, statusCode, error, durationMs, eventId, type } = result;
  return { ok: true, value: { success, statusCode, error, durationMs, eventId, type } };
}

/** "Retry now" on a delivery waiting for its next automatic attempt (lib/verification/webhooks/retry-delivery-now.ts). */
export async function retryDeliveryNowAction(input: { id: string }): Promise<ActionResult<{ message: string }>> {
  const user = await requireDashboardUser("/dashboard/webhooks");
  const id = idSchema("whd").safeParse(input.id);
  if (!id.success) return { ok: false, error: "That delivery does not exist." };
  try {
    const retried = await retryDeliveryNow(user.orgId, id.data);
    revalidatePath("/dashboard", "layout");
    if (retried.kind === "already_retrying")
      return { ok: true, value: { message: "A retry of this delivery is already under way." } };
    if (retried.kind === "brought_forward")
      return { ok: true, value: { message: `Attempt ${retried.attempt} is starting now.` } };
    const { result } = retried;
    if (result.outcome === "succeeded")
      return { ok: true, value: { message: `Sent now: delivered, HTTP ${result.statusCode}.` } };
    if (result.outcome === "failed") {
      return {
        ok: true,
        value: { message: `Sent now, failed again: ${describeDeliveryFailure(result.statusCode, result.error)}.` },
      };
    }
    return { ok: false, error: result.error ?? "This delivery could not be sent." };
  } catch (error) {
    if (error instanceof DeliveryNotRetryingError) {
      return {
        ok: false,
        error: "This delivery is no longer waiting for a retry: it was delivered or dead-lettered meanwhile.",
      };
    }
    throw error;
  }
}
