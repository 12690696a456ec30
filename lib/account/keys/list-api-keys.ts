import "server-only";
import { db } from "@/lib/platform/db";
import type { KeyMode } from "@/lib/account/keys/key-mode";

export type ApiKeyRow = {
  id: string;
  name: string;
  mode: KeyMode;
  prefix: string;
  last4: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** A rolled key's end: it works until then. */
  expiresAt: Date | null;
};

/** The organisation's keys as the dashboard shows them (never the hash): active first, newest first. */
export async function listApiKeys(orgId: string, now = new Date()): Promise<ApiKeyRow[]> {
  const found = await db.apiKey.findMany({
    where: { orgId },
    select: {
      id: true,
      name: true,
      mode: true,
      prefix: true,
      last4: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
      expiresAt: true,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  // A rolled key whose window has ended stopped working then, even if the job that records it
  // has not run yet.
  const rows = found.map((r) =>
    !r.revokedAt && r.expiresAt && r.expiresAt <= now ? { ...r, revokedAt: r.expiresAt } : r,
  );
  return [...rows.filter((r) => !r.revokedAt), ...rows.filter((r) => r.revokedAt)];
}
