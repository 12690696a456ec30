import "server-only";
import { pgPool } from "@/lib/db";
import type { KeyMode } from "@/lib/keys/key-format";
import type { sessionStatuses } from "@/lib/verification/schemas";
import { SERIALIZED_SESSION_FIELDS, serializeSession, type SessionRow } from "@/lib/verification/serialize-session";
import { decodeSessionCursor, encodeSessionCursor } from "@/lib/verification/session-cursor";

// Only what the list shape needs: fewer columns to send and decode, 20 to 100 rows at a time.
const LIST_COLUMNS = SERIALIZED_SESSION_FIELDS.map((field) => `"${field}"`).join(", ");

/**
 * Newest first, keyset-paginated on (created_at, id): sessions created while a client pages
 * sort before its cursor, so no item is skipped or repeated. Plain SQL on the shared pool (a
 * hot path, prepared), served by the (orgId, createdAt DESC, id DESC) index.
 */
export async function listSessions(input: {
  orgId: string;
  limit: number;
  cursor?: string;
  filter?: { status?: (typeof sessionStatuses)[number]; mode?: KeyMode };
}) {
  const after = input.cursor !== undefined ? decodeSessionCursor(input.orgId, input.cursor) : null;
  const params: unknown[] = [input.orgId];
  const where = [`"orgId" = $1`];
  if (input.filter?.status) where.push(`"status" = $${params.push(input.filter.status)}::"SessionStatus"`);
  if (input.filter?.mode) where.push(`"mode" = $${params.push(input.filter.mode)}::"Mode"`);
  if (after) {
    const createdAt = params.push(after.createdAt);
    const id = params.push(after.id);
    where.push(`("createdAt", "id") < ($${createdAt}, $${id})`);
  }
  const limit = params.push(input.limit + 1);
  // One prepared statement per shape of the query (filters and cursor present or not).
  const shape = [input.filter?.status ? "s" : "", input.filter?.mode ? "m" : "", after ? "c" : ""].join("");
  const { rows } = await pgPool.query<SessionRow>({
    name: `v1-list-sessions-${shape || "all"}`,
    text: `SELECT ${LIST_COLUMNS} FROM "VerificationSession" WHERE ${where.join(" AND ")}
           ORDER BY "createdAt" DESC, "id" DESC LIMIT $${limit}`,
    values: params,
  });
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(serializeSession),
    next_cursor: rows.length > input.limit && last ? encodeSessionCursor(input.orgId, last) : null,
  };
}
