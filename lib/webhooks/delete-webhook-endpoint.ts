import "server-only";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/verification/errors";

/**
 * Soft-deletes an endpoint of the organisation: it receives nothing more (pending retries
 * skip it), while its delivery history stays. Unknown, foreign and already deleted ids are
 * all simply missing.
 */
export async function deleteWebhookEndpoint(orgId: string, id: string): Promise<void> {
  const { count } = await db.webhookEndpoint.updateMany({
    where: { id, orgId, deletedAt: null },
    data: { deletedAt: new Date() },
  });
  if (count === 0) throw new ApiError("resource_missing", `No such webhook endpoint: ${id}`, "id");
}
