import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { TeamError } from "@/lib/teams/errors";

function nameTaken() {
  return new TeamError(
    "organization_taken",
    "An organisation with this name already exists. Choose another name, or ask its owner to invite you.",
    "name",
  );
}

/**
 * A new organisation with the signed-in user as its owner (someone who left or was removed
 * from their last organisation starts again here). Names are unique, as at sign-up.
 */
export async function createOrganizationForUser(userId: string, name: string): Promise<{ id: string; name: string }> {
  try {
    return await db.$transaction(async (tx) => {
      if (await tx.organization.findUnique({ where: { name }, select: { id: true } })) throw nameTaken();
      const org = await tx.organization.create({ data: { id: newId("org"), name }, select: { id: true, name: true } });
      await tx.membership.create({ data: { userId, orgId: org.id, role: "owner" } });
      return org;
    });
  } catch (error) {
    // Two creations racing for one name: the unique index decides, the loser gets the same words.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw nameTaken();
    throw error;
  }
}
