import "server-only";
import { db } from "@/lib/platform/db";
import type { KeyMode } from "@/lib/account/keys/key-mode";

/** The mode of an active key of the organisation (what rolling it would reveal), or null. */
export async function getApiKeyMode(orgId: string, id: string): Promise<KeyMode | null> {
  const key = await db.apiKey.findFirst({ where: { id, orgId, revokedAt: null }, select: { mode: true } });
  return key?.mode ?? null;
}
