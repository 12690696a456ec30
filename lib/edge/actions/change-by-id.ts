import "server-only";
import { revalidatePath } from "next/cache";
import type { ActionResult } from "@/lib/edge/actions/action-result";
import { idSchema } from "@/lib/edge/dashboard/schemas";

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
