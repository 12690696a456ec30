import "server-only";
import { db } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";

/**
 * A new organisation with the signed-in user as its owner (someone who left or was removed
 * from their last organisation starts again here). Names need not be unique, as at sign-up.
 */
export async function createOrganizationForUser(userId: string, name: string): Promise<{ id: string; name: string }> {
  return db.$transaction(async (tx) => {
    const org = await tx.organization.create({ data: { id: newId("org"), name }, select: { id: true, name: true } });
    await tx.membership.create({ data: { userId, orgId: org.id, role: "owner" } });
    return org;
  });
}
