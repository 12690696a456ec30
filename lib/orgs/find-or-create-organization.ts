import "server-only";
import { db, type Tx } from "@/lib/db";
import { hasIdShape, newId } from "@/lib/ids";

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
 * ids listed, never guessed.
 */
export async function findOrCreateOrganization(nameOrId: string, tx: Tx = db) {
  if (hasIdShape("org", nameOrId)) {
    const org = await tx.organization.findUnique({ where: { id: nameOrId } });
    if (!org) throw new Error(`No organisation has the id ${nameOrId}.`);
    return org;
  }
  const named = await tx.organization.findMany({ where: { name: nameOrId }, orderBy: { createdAt: "asc" }, take: 10 });
  if (named.length > 1)
    throw new AmbiguousOrganizationError(
      nameOrId,
      named.map((org) => org.id),
    );
  return named[0] ?? tx.organization.create({ data: { id: newId("org"), name: nameOrId } });
}
