"use server";

import { revalidatePath } from "next/cache";
import { createApiKey } from "@/lib/keys/create-api-key";
import { ApiKeyNotFoundError, revokeApiKey } from "@/lib/keys/revoke-api-key";
import { createApiKeyFormSchema } from "@/lib/dashboard/schemas";
import { requireDashboardUser } from "@/lib/users/current-user";
import { changeById, fieldErrorsOf, type ActionResult } from "@/app/dashboard/action-result";
import type { KeyMode } from "@/lib/keys/key-mode";

export async function createApiKeyAction(input: { name: string; mode: string }): Promise<
  ActionResult<{ id: string; key: string; name: string; mode: KeyMode }>
> {
  const user = await requireDashboardUser("/dashboard/api-keys");
  const parsed = createApiKeyFormSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: "Check the highlighted fields.", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const created = await createApiKey({ orgId: user.orgId, mode: parsed.data.mode, name: parsed.data.name });
  revalidatePath("/dashboard", "layout");
  // The only time the full key leaves the server.
  return { ok: true, value: { id: created.id, key: created.key, name: created.name, mode: created.mode } };
}

export async function revokeApiKeyAction(input: { id: string }): Promise<ActionResult<{ id: string }>> {
  const user = await requireDashboardUser("/dashboard/api-keys");
  return changeById(input, {
    prefix: "key",
    invalid: "That key does not exist.",
    missing: "That key does not exist or is already revoked.",
    isMissing: (error) => error instanceof ApiKeyNotFoundError,
    // Scoped to the user's organisation: another organisation's key id is simply not found.
    change: (id) => revokeApiKey(id, user.orgId),
  });
}
