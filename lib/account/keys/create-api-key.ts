import "server-only";
import { db, type Tx } from "@/lib/platform/db";
import { newId } from "@/lib/platform/ids";
import { displayParts, generateApiKey, hashApiKey } from "@/lib/account/keys/key-format";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import { findOrCreateOrganization } from "@/lib/account/orgs/find-or-create-organization";

export type CreatedApiKey = { id: string; orgId: string; mode: KeyMode; name: string; key: string; createdAt: Date };

/**
 * Creates a key for an organisation. The full key is returned here once and never stored.
 * `tx` joins a caller's transaction (rolling a key creates its replacement in its own).
 */
export async function createApiKey(
  input: { orgId: string; mode: KeyMode; name?: string },
  tx: Tx = db,
): Promise<CreatedApiKey> {
  const key = generateApiKey(input.mode);
  const row = await tx.apiKey.create({
    data: {
      id: newId("key"),
      orgId: input.orgId,
      mode: input.mode,
      name: input.name ?? "",
      keyHash: hashApiKey(key),
      ...displayParts(key),
    },
  });
  return { id: row.id, orgId: row.orgId, mode: row.mode, name: row.name, key, createdAt: row.createdAt };
}

export async function createApiKeyForOrgName(input: { orgName: string; mode: KeyMode; name?: string }) {
  const org = await findOrCreateOrganization(input.orgName);
  return createApiKey({ orgId: org.id, mode: input.mode, name: input.name });
}
