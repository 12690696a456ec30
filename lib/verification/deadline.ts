type DeadlineFields = { status: string; expiresAt: Date };

/**
 * A session's deadline is the expires_at its answers show, started or not: an integrator who
 * reads expires_at must be able to rely on it, so an `in_progress` session gets no extra time.
 * The expiry job, the hosted flow, the test helpers and the answers all read it from here.
 */
export function isPastDeadline(session: DeadlineFields, now = new Date()): boolean {
  return (session.status === "created" || session.status === "in_progress") && session.expiresAt <= now;
}

/**
 * The status an answer shows: an open session past its deadline is `expired` even in the moment
 * before the expiry job (which records the event) has run. session-json-sql.ts says the same in SQL.
 */
export function shownStatus<S extends string>(session: { status: S; expiresAt: Date }, now = new Date()) {
  return isPastDeadline(session, now) ? "expired" : session.status;
}
