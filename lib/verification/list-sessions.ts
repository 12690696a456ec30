import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { serializeSession } from "@/lib/verification/serialize-session";
import { decodeSessionCursor, encodeSessionCursor } from "@/lib/verification/session-cursor";

/**
 * Newest first, keyset-paginated on (created_at, id): sessions created while a client pages
 * land before its cursor, so no item is skipped or repeated.
 */
export async function listSessions(input: {
  orgId: string;
  limit: number;
  cursor?: string;
  filter?: Pick<Prisma.VerificationSessionWhereInput, "status" | "mode">;
}) {
  const after = input.cursor !== undefined ? decodeSessionCursor(input.orgId, input.cursor) : null;
  const rows = await db.verificationSession.findMany({
    where: {
      orgId: input.orgId,
      ...input.filter,
      ...(after
        ? {
            OR: [
              { createdAt: { lt: after.createdAt } },
              { createdAt: after.createdAt, id: { lt: after.id } },
            ],
          }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(serializeSession),
    next_cursor: rows.length > input.limit && last ? encodeSessionCursor(input.orgId, last) : null,
  };
}
