import "server-only";
import { VerificationApiError } from "@/lib/verification/errors";
import { listSessions } from "@/lib/verification/list-sessions";
import type { KeyMode } from "@/lib/account/keys/key-mode";

const SESSIONS_PAGE_SIZE = 20;
// Older pages are reached through a trail of cursors kept in the URL; beyond this depth the
// trail stops growing (the "Newer" link then returns to the first page).
const MAX_TRAIL = 40;

/**
 * One page of the organisation's sessions for the dashboard list. `trail` holds the cursors
 * of the pages walked so far (the last one is the page to show), so "Newer" is the trail
 * without its last cursor.
 */
export async function listDashboardSessions(input: {
  orgId: string;
  status?: "created" | "in_progress" | "passed" | "failed" | "expired";
  mode?: KeyMode;
  id?: string;
  metadata?: { key: string; value: string };
  createdFrom?: Date;
  createdBefore?: Date;
  trail: string[];
}) {
  const trail = input.trail.slice(-MAX_TRAIL);
  const cursor = trail[trail.length - 1];
  const { status, mode, id, metadata, createdFrom, createdBefore } = input;
  try {
    const page = await listSessions({
      orgId: input.orgId,
      limit: SESSIONS_PAGE_SIZE,
      cursor,
      filter: { status, mode, id, metadata, createdFrom, createdBefore },
    });
    return {
      ok: true as const,
      sessions: page.data,
      pageNumber: trail.length + 1,
      newerTrail: trail.length > 0 ? trail.slice(0, -1) : null,
      olderTrail: page.next_cursor ? [...trail, page.next_cursor] : null,
    };
  } catch (error) {
    if (error instanceof VerificationApiError && error.code === "cursor_invalid")
      return { ok: false as const, reason: "cursor_invalid" as const };
    throw error;
  }
}
