import "server-only";
import { db } from "@/lib/db";
import type { KeyMode } from "@/lib/keys/key-mode";

/** The mode of an active key of the organisation (what rolling it would reveal), or null. */
export async function getApiKeyMode(orgId: string, id: string): Promise<KeyMode | null> {
  const key = await db.apiKey.findFirst({ where: { id, orgId, revokedAt: null }, select: { mode: true } });
  return key?.mode ?? null;
}
