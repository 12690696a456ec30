// What every server action returns: failures are values with a message for the reader, never
// thrown (production hides thrown messages from the client).
import { revalidatePath } from "next/cache";
import { idSchema } from "@/lib/dashboard/schemas";

/**
 * A server action's answer: its value, or a failure with a message and, for a form, the
 * message of each offending field (by name; components/ui/use-field-errors.ts shows them).
 * `F` adds what a failure carries besides (a form's values as typed, the API's error code).
 */
export type ActionResult<T, F extends object = object> =
  { ok: true; value: T } | ({ ok: false; error: string; fieldErrors?: Record<string, string> } & Partial<F>);

/** A form's state under useActionState: null until it is first submitted. */
export type FormState<T, F extends object = object> = ActionResult<T, F> | null;

/** Each field's first problem, keyed by the field's name (zod issues' first path segment). */
export function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
  return errors;
}

/**
 * The body of an action that changes one thing of the user's organisation named by id (revoke a
 * key, delete an endpoint). An id of the wrong shape is `invalid`; `change` failing with what
 * `isMissing` recognises (not the organisation's, already gone) is `missing`; anything else (the
 * database down) is thrown on to the caller's error handling rather than reported as missing.
 * On success the dashboard's pages are refreshed.
 */
export async function changeById(
  input: { id: string },
  spec: {
    prefix: string;
    invalid: string;
    missing: string;
    isMissing: (error: unknown) => boolean;
    change: (id: string) => Promise<unknown>;
  },
): Promise<ActionResult<{ id: string }>> {
  const id = idSchema(spec.prefix).safeParse(input.id);
  if (!id.success) return { ok: false, error: spec.invalid };
  try {
    await spec.change(id.data);
  } catch (error) {
    if (spec.isMissing(error)) return { ok: false, error: spec.missing };
    throw error;
  }
  revalidatePath("/dashboard", "layout");
  return { ok: true, value: { id: id.data } };
}
