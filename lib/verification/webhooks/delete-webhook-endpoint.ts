import "server-only";
import { db } from "@/lib/platform/db";
import { hasIdShape } from "@/lib/platform/ids";
import { VerificationApiError } from "@/lib/verification/errors";

/**
 * Soft-deletes an endpoint of the organisation: it receives nothing more, while its delivery
 * history stays. Its deliveries still being retried end here, as `cancelled` (the delivery job
 * of an event skips them and carries on for the event's other endpoints). Unknown, foreign and
 * already deleted ids are all simply missing.
 */
export async function deleteWebhookEndpoint(orgId: string, id: string): Promise<void> {
  const missing = () => new VerificationApiError("resource_missing", `No such webhook endpoint: ${id}`, "id");
  if (!hasIdShape("whe", id)) throw missing();
  const now = new Date();
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id, orgId, deletedAt: null },
      data: { deletedAt: now },
    });
    if (count === 0) throw missing();
    await tx.webhookDelivery.updateMany({
      where: { endpointId: id, orgId, status: "pending" },
      data: { status: "cancelled", cancelledAt: now },
    });
  });
}
