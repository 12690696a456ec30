import "server-only";
import { db } from "@/lib/platform/db";

/** The name the hosted flow shows end users for this organisation; null when none is set. */
export async function getOrganizationDisplayName(orgId: string): Promise<string | null> {
  const org = await db.organization.findUnique({ where: { id: orgId }, select: { displayName: true } });
  return org?.displayName ?? null;
}

/** Sets (or with null clears) the organisation's display name. */
export async function setOrganizationDisplayName(orgId: string, displayName: string | null): Promise<void> {
  await db.organization.update({ where: { id: orgId }, data: { displayName } });
}
