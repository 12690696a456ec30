// What dashboard server actions return: failures are values with a message for the reader,
// never thrown (production hides thrown messages from the client).
export type ActionResult<T> = { ok: true; value: T } | { ok: false; error: string; fieldErrors?: Record<string, string> };

export function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
  return errors;
}
