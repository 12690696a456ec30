import "server-only";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";

export async function findOrCreateOrganization(name: string) {
  return db.organization.upsert({
    where: { name },
    update: {},
    create: { id: newId("org"), name },
  });
}
