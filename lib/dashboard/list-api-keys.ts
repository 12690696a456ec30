import "server-only";
import { db } from "@/lib/db";
import type { KeyMode } from "@/lib/keys/key-mode";

export type ApiKeyRow = {
  id: string;
  name: string;
  mode: KeyMode;
  prefix: string;
  last4: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** The organisation's keys as the dashboard shows them (never the hash): active first, newest first. */
export async function listApiKeys(orgId: string): Promise<ApiKeyRow[]> {
  const rows = await db.apiKey.findMany({
    where: { orgId },
    select: { id: true, name: true, mode: true, prefix: true, last4: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return [...rows.filter((r) => !r.revokedAt), ...rows.filter((r) => r.revokedAt)];
}
