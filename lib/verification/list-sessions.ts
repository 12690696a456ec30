import "server-only";
import { selectSessionsPage } from "@/lib/platform/db/hot/sessions";
import { MAX_LIST_LIMIT, type SessionJson } from "@/lib/verification/schemas";
import { decodeSessionCursor, encodeSessionCursor } from "@/lib/verification/session-cursor";

type ListInput = {
  orgId: string;
  limit: number;
  cursor?: string;
  /** status and mode are the API's filters; the rest only the dashboard's search sets. */
  filter?: Omit<Parameters<typeof selectSessionsPage>[0], "orgId" | "limit" | "after">;
};

/**
 * A page of the list answer, `{"data":[...],"next_cursor":...,"has_more":...}`, as JSON text. Newest first,
 * keyset-paginated on (created_at, id): sessions created while a client pages sort before its
 * cursor, so no item is skipped or repeated. PostgreSQL renders each session's JSON
 * (lib/platform/db/hot/sessions.ts), so the rows are only joined here.
 */
export async function listSessionsJson(input: ListInput): Promise<string> {
  if (!Number.isInteger(input.limit) || input.limit < 1 || input.limit > MAX_LIST_LIMIT) {
    throw new RangeError(`page size out of range: ${input.limit}`);
  }
  const after = input.cursor !== undefined ? decodeSessionCursor(input.orgId, input.cursor) : null;
  // One more than the page: whether there is a next page.
  const rows = await selectSessionsPage({ orgId: input.orgId, limit: input.limit + 1, ...input.filter, after });
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > input.limit && last
      ? encodeSessionCursor(input.orgId, { createdAt: new Date(Number(last.createdAtMs)), id: last.id })
      : null;
  // has_more (Stripe's stop condition) beside the spec's next_cursor: a generated pager may test either.
  return `{"data":[${page.map((row) => row.json).join(",")}],"next_cursor":${JSON.stringify(nextCursor)},"has_more":${nextCursor !== null}}`;
}

/** The same page as objects (the dashboard's list). */
export async function listSessions(
  input: ListInput,
): Promise<{ data: SessionJson[]; next_cursor: string | null; has_more: boolean }> {
  return JSON.parse(await listSessionsJson(input));
}
