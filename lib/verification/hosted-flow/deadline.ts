import "server-only";
import { env } from "@/lib/env";

type DeadlineFields = { status: string; expiresAt: Date; startedAt: Date | null };

/**
 * When a non-terminal session stops accepting work. Mirrors expireSessionIfDue: an unstarted
 * session ends at expires_at; a started one gets the full window again from when it started, so a
 * user who began at minute 29 can still finish.
 */
export function sessionDeadline(session: DeadlineFields): Date {
  if (session.status === "in_progress" && session.startedAt) {
    return new Date(
      Math.max(session.expiresAt.getTime(), session.startedAt.getTime() + env().SESSION_TTL_SECONDS * 1000),
    );
  }
  return session.expiresAt;
}

export function isPastDeadline(session: DeadlineFields, now = new Date()): boolean {
  return (session.status === "created" || session.status === "in_progress") && sessionDeadline(session) <= now;
}
