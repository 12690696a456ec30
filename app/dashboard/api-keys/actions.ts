"use server";

import { revalidatePath } from "next/cache";
import { createApiKey } from "@/lib/keys/create-api-key";
import { ApiKeyNotFoundError, revokeApiKey } from "@/lib/keys/revoke-api-key";
import { createApiKeyFormSchema, idSchema } from "@/lib/dashboard/schemas";
import { requireDashboardUser } from "@/lib/users/current-user";
import { fieldErrorsOf, type ActionResult } from "@/app/dashboard/action-result";
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
  const id = idSchema("key").safeParse(input.id);
  if (!id.success) return { ok: false, error: "That key does not exist." };
  try {
    // Scoped to the user's organisation: another organisation's key id is simply not found.
    await revokeApiKey(id.data, user.orgId);
  } catch (error) {
    // Only "not found" is the user's to fix; anything else (the database down) is thrown on to
    // the caller's error handling rather than reported as a missing key.
    if (error instanceof ApiKeyNotFoundError) return { ok: false, error: "That key does not exist or is already revoked." };
    throw error;
  }
  revalidatePath("/dashboard", "layout");
  return { ok: true, value: { id: id.data } };
}
