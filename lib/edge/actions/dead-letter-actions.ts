"use server";

import type { ActionResult } from "@/lib/edge/actions/action-result";
import { idSchema } from "@/lib/edge/dashboard/schemas";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { listDeadLetters } from "@/lib/verification/webhooks/deliveries";
import { redeliver, type RedeliveryResult } from "@/lib/verification/webhooks/redeliver";

// "Redeliver all" walks the whole queue, but not without bound.
const MAX_REDELIVER_ALL = 1000;

/**
 * Redelivers one dead letter now. The page calls it once per delivery, so each result shows
 * as soon as it is known, however many are selected.
 */
export async function redeliverDeadLetterAction(input: {
  deliveryId: string;
}): Promise<ActionResult<RedeliveryResult>> {
  const user = await requireDashboardUser("/dashboard/dead-letters");
  const id = idSchema("whd").safeParse(input.deliveryId);
  if (!id.success) return { ok: false, error: "That delivery does not exist." };
  const [result] = await redeliver(user.orgId, [id.data]);
  return { ok: true, value: result };
}

/** Every dead letter of the organisation (optionally of one endpoint), for "Redeliver all". */
export async function listDeadLetterIdsAction(input: {
  endpointId?: string;
}): Promise<ActionResult<{ ids: string[]; truncated: boolean }>> {
  const user = await requireDashboardUser("/dashboard/dead-letters");
  const endpointId = input.endpointId ? idSchema("whe").safeParse(input.endpointId) : null;
  if (endpointId && !endpointId.success) return { ok: false, error: "That endpoint does not exist." };
  const ids: string[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await listDeadLetters(user.orgId, { endpointId: endpointId?.data, limit: 100, before });
    ids.push(...page.data.map((d) => d.deliveryId));
    if (!page.nextBefore || ids.length >= MAX_REDELIVER_ALL) {
      return { ok: true, value: { ids: ids.slice(0, MAX_REDELIVER_ALL), truncated: page.nextBefore !== null } };
    }
    before = page.nextBefore;
  }
}
