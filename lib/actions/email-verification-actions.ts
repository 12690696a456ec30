"use server";

import { redirect } from "next/navigation";
import type { FormState } from "@/lib/actions/action-result";
import { getSignedInAccount } from "@/lib/users/current-user";
import { VERIFICATION_LINK_PROBLEMS, verifyEmailToken } from "@/lib/users/email-verification";

// A server action (Next.js refuses other origins), behind a button: opening the mail's link
// confirms nothing by itself, so a mail scanner that follows links does not confirm for the reader.

export type ConfirmEmailState = FormState<never>;

export async function confirmEmailAction(_previous: ConfirmEmailState, formData: FormData): Promise<ConfirmEmailState> {
  const token = formData.get("token");
  const result = await verifyEmailToken(typeof token === "string" ? token : "");
  if (!result.ok) return { ok: false, error: VERIFICATION_LINK_PROBLEMS[result.reason] };
  redirect((await getSignedInAccount()) ? "/dashboard?verified=1" : "/sign-in?verified=1");
}
