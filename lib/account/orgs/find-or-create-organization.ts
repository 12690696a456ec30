import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import type { Organization } from "@/lib/generated/prisma/client";
import { hasIdShape, newId } from "@/lib/platform/ids";
import { lockKeyForTransaction } from "@/lib/platform/db/locks";

/** An operator's --org names several organisations: which one is for the operator to say, by id. */
export class AmbiguousOrganizationError extends Error {
  constructor(name: string, ids: string[]) {
    super(`${ids.length} organisations are named "${name}" (${ids.join(", ")}); pass --org <id> to choose one.`);
  }
}

/**
 * The operator's `--org` (CLI create-key, create-user): an organisation id (org_...) names that
 * organisation, which must exist; otherwise it is a name, the one organisation with it, or a
 * new one when none has it. Names are not unique: a name shared by several is refused and the
 * ids listed, never guessed. Two operators naming a new organisation at once meet in one: the
 * name is locked for the transaction (the unique index that did this is gone).
 */
export async function findOrCreateOrganization(nameOrId: string, tx?: Tx): Promise<Organization> {
  if (!tx) return db.$transaction((inner) => findOrCreateOrganization(nameOrId, inner));
  if (hasIdShape("org", nameOrId)) {
    const org = await tx.organization.findUnique({ where: { id: nameOrId } });
    if (!org) throw new Error(`No organisation has the id ${nameOrId}.`);
    return org;
  }
  await lockKeyForTransaction(tx, `organization-name:${nameOrId}`);
  const named = await tx.organization.findMany({ where: { name: nameOrId }, orderBy: { createdAt: "asc" }, take: 10 });
  if (named.length > 1)
    throw new AmbiguousOrganizationError(
      nameOrId,
      named.map((org) => org.id),
    );
  return named[0] ?? tx.organization.create({ data: { id: newId("org"), name: nameOrId } });
}
