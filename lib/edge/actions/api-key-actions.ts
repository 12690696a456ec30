"use server";

import { revalidatePath } from "next/cache";
import { createApiKey } from "@/lib/account/keys/create-api-key";
import { ApiKeyNotFoundError, revokeApiKey } from "@/lib/account/keys/revoke-api-key";
import { ApiKeyAlreadyRollingError, rollApiKey } from "@/lib/account/keys/roll-api-key";
import { createApiKeyFormSchema, idSchema, rollApiKeyFormSchema } from "@/lib/edge/dashboard/schemas";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { fieldErrorsOf, type ActionResult } from "@/lib/edge/actions/action-result";
import { changeById } from "@/lib/edge/actions/change-by-id";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { getApiKeyMode } from "@/lib/account/keys/get-api-key-mode";
import { revealPermission } from "@/lib/account/teams/roles";
import { permissionRefusal, verificationRefusal } from "@/lib/edge/actions/permission-refusal";

export async function createApiKeyAction(input: {
  name: string;
  mode: string;
}): Promise<ActionResult<{ id: string; key: string; name: string; mode: KeyMode }>> {
  const user = await requireDashboardUser("/dashboard/api-keys");
  const parsed = createApiKeyFormSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: "Check the highlighted fields.", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  }
  const refused =
    permissionRefusal(user, revealPermission("keys", parsed.data.mode)) ??
    (parsed.data.mode === "live" ? verificationRefusal(user) : null);
  if (refused) return refused;
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

/**
 * Rolls a key: the replacement's full value is returned here, once, like a new key's; the old
 * key works until `expiresAt`.
 */
export async function rollApiKeyAction(input: {
  id: string;
  window: string;
}): Promise<ActionResult<{ id: string; key: string; name: string; mode: KeyMode; oldExpiresAt: string }>> {
  const user = await requireDashboardUser("/dashboard/api-keys");
  const id = idSchema("key").safeParse(input.id);
  if (!id.success) return { ok: false, error: "That key does not exist." };
  const parsed = rollApiKeyFormSchema.safeParse({ window: input.window });
  if (!parsed.success)
    return { ok: false, error: "Check the highlighted fields.", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const mode = await getApiKeyMode(user.orgId, id.data);
  if (!mode) return { ok: false, error: "That key does not exist or is already revoked." };
  const refused =
    permissionRefusal(user, revealPermission("keys", mode)) ?? (mode === "live" ? verificationRefusal(user) : null);
  if (refused) return refused;
  try {
    const rolled = await rollApiKey({ orgId: user.orgId, id: id.data, window: parsed.data.window });
    revalidatePath("/dashboard", "layout");
    const { replacement } = rolled;
    return {
      ok: true,
      value: {
        id: replacement.id,
        key: replacement.key,
        name: replacement.name,
        mode: replacement.mode,
        oldExpiresAt: rolled.old.expiresAt.toISOString(),
      },
    };
  } catch (error) {
    if (error instanceof ApiKeyNotFoundError)
      return { ok: false, error: "That key does not exist or is already revoked." };
    if (error instanceof ApiKeyAlreadyRollingError) {
      return {
        ok: false,
        error:
          "This key has been rolled already. Its replacement is in the list; revoke this one if it must stop working now.",
      };
    }
    throw error;
  }
}
