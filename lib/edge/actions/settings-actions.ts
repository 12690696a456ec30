"use server";

import { revalidatePath } from "next/cache";
import { fieldErrorsOf, type ActionResult } from "@/lib/edge/actions/action-result";
import { displayNameFormSchema } from "@/lib/edge/dashboard/schemas";
import { setOrganizationDisplayName } from "@/lib/account/orgs/organization-display-name";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";
import { permissionRefusal } from "@/lib/edge/actions/permission-refusal";

export async function saveDisplayNameAction(input: {
  displayName: string;
}): Promise<ActionResult<{ displayName: string | null }>> {
  const user = await requireDashboardUser("/dashboard/settings");
  const refused = permissionRefusal(user, "settings.edit");
  if (refused) return refused;
  const parsed = displayNameFormSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, error: "Check the highlighted field.", fieldErrors: fieldErrorsOf(parsed.error.issues) };
  await setOrganizationDisplayName(user.orgId, parsed.data.displayName);
  revalidatePath("/dashboard/settings");
  return { ok: true, value: { displayName: parsed.data.displayName } };
}
