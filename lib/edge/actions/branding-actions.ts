"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult, FormState } from "@/lib/edge/actions/action-result";
import { permissionRefusal } from "@/lib/edge/actions/permission-refusal";
import { checkAccentColour, rasteriseLogo, saveOrganizationBranding } from "@/lib/account/orgs/organization-branding";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";

export type BrandingState = FormState<{ color: string | null; logo: "kept" | "replaced" | "removed" }>;

/**
 * Settings: the hosted flow's accent colour (empty: the default) and logo (a PNG, JPEG or SVG
 * file, rasterised to PNG; "remove_logo" removes it; no file keeps it).
 */
export async function saveBrandingAction(_previous: BrandingState, form: FormData): Promise<BrandingState> {
  const user = await requireDashboardUser("/dashboard/settings");
  const refused = permissionRefusal(user, "settings.edit");
  if (refused) return refused;
  const fieldErrors: Record<string, string> = {};

  const colorInput = String(form.get("color") ?? "").trim();
  let color: string | null = null;
  if (colorInput) {
    const checked = checkAccentColour(colorInput);
    if ("message" in checked) fieldErrors.color = checked.message;
    else color = checked.color;
  }

  let logo: Buffer | null | undefined;
  const file = form.get("logo");
  if (form.get("remove_logo") === "on") logo = null;
  else if (file instanceof Blob && file.size > 0) {
    const rasterised = await rasteriseLogo(new Uint8Array(await file.arrayBuffer()));
    if ("message" in rasterised) fieldErrors.logo = rasterised.message;
    else logo = rasterised.png;
  }

  if (Object.keys(fieldErrors).length > 0) {
    return { ok: false, error: "Check the highlighted field.", fieldErrors } satisfies ActionResult<never>;
  }
  await saveOrganizationBranding(user.orgId, { color, logo });
  revalidatePath("/dashboard/settings");
  return { ok: true, value: { color, logo: logo === undefined ? "kept" : logo === null ? "removed" : "replaced" } };
}
