// What every server action returns: failures are values with a message for the reader, never
// thrown (production hides thrown messages from the client). Types and pure helpers only: the
// client components that show results import this file too.

/**
 * A server action's answer: its value, or a failure with a message and, for a form, the
 * message of each offending field (by name; components/ui/use-field-errors.ts shows them).
 * `F` adds what a failure carries besides (a form's values as typed, the API's error code).
 */
export type ActionResult<T, F extends object = object> =
  { ok: true; value: T } | ({ ok: false; error: string; fieldErrors?: Record<string, string> } & Partial<F>);

/** A form's state under useActionState: null until it is first submitted. */
export type FormState<T, F extends object = object> = ActionResult<T, F> | null;

/** A hosted-flow action's state: the page re-renders from the server; a phone handoff brings its link. */
export type FlowActionState = FormState<{ handoff?: { url: string; qrSvg: string; expiresAt: string } }>;

/** A form state's failure message, if it failed. */
export function failureMessage(state: FormState<unknown>): string | undefined {
  return state && !state.ok ? state.error : undefined;
}

/** Each field's first problem, keyed by the field's name (zod issues' first path segment). */
export function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
  return errors;
}
