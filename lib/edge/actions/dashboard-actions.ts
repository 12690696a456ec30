"use server";

import { signOut } from "@/lib/edge/auth/auth";
import { currentUsage } from "@/lib/account/rate-limit/consume-rate-limit";
import { requireDashboardUser } from "@/lib/edge/auth/current-user";

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}

/** Polled by the usage card: requests counted in the current rate-limit window. */
export async function getUsageAction() {
  const user = await requireDashboardUser("/dashboard");
  return currentUsage(user.orgId);
}
