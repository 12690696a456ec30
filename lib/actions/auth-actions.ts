"use server";

import { headers } from "next/headers";
import { CredentialsSignin } from "next-auth";
import { signIn, SignInRateLimitedError } from "@/auth";
import { signUpUser } from "@/lib/users/create-user";
import { clientAddress } from "@/lib/rate-limit/client-address";
import { AccountError } from "@/lib/users/errors";
import { safeReturnPath } from "@/lib/users/return-path";
import { signInBodySchema, signUpBodySchema } from "@/lib/users/schemas";
import { recordSignUp, signUpRetryAfter } from "@/lib/users/sign-up-rate-limit";
import { fieldErrorsOf, type FormState } from "@/lib/actions/action-result";

// Server actions: Next.js refuses them unless the Origin matches the host, which is what
// keeps these forms safe from cross-site posting.

/** Success redirects, so a sign-in or sign-up form only ever sees a failure, with its values as typed. */
export type AuthFormState = FormState<never, { values: { name?: string; email?: string; organization?: string } }>;
type AuthFailure = Exclude<AuthFormState, null>;

const CHECK_FIELDS = "Check the highlighted fields.";

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

function rateLimitMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many failed sign-in attempts. For your security, sign-in is paused for this account or network; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

async function signInWithPassword(
  email: string,
  password: string,
  redirectTo: string,
  typedEmail = email,
): Promise<AuthFailure> {
  try {
    // Redirects (throws NEXT_REDIRECT) on success.
    await signIn("credentials", { email, password, redirectTo });
  } catch (error) {
    // The form keeps the email as typed, not as normalised.
    const values = { email: typedEmail };
    if (error instanceof SignInRateLimitedError)
      return { ok: false, error: rateLimitMessage(error.retryAfterSeconds), values };
    if (error instanceof CredentialsSignin)
      return { ok: false, error: "That email and password do not match an account.", values };
    throw error;
  }
  throw new Error("signIn returned without redirecting");
}

export async function signInAction(_previous: AuthFormState, formData: FormData): Promise<AuthFailure> {
  const email = text(formData, "email");
  const parsed = signInBodySchema.safeParse({ email, password: text(formData, "password") });
  if (!parsed.success)
    return { ok: false, error: CHECK_FIELDS, fieldErrors: fieldErrorsOf(parsed.error.issues), values: { email } };
  return signInWithPassword(parsed.data.email, parsed.data.password, safeReturnPath(text(formData, "next")), email);
}

export async function signUpAction(_previous: AuthFormState, formData: FormData): Promise<AuthFailure> {
  const values = {
    name: text(formData, "name"),
    email: text(formData, "email"),
    organization: text(formData, "organization"),
  };
  const parsed = signUpBodySchema.safeParse({ ...values, password: text(formData, "password") });
  if (!parsed.success)
    return { ok: false, error: CHECK_FIELDS, fieldErrors: fieldErrorsOf(parsed.error.issues), values };
  const ip = clientAddress(await headers());
  const wait = await signUpRetryAfter(ip);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    return {
      ok: false,
      error: `Too many accounts were created from your network recently. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      values,
    };
  }
  try {
    await signUpUser(parsed.data);
    await recordSignUp(ip);
  } catch (error) {
    if (error instanceof AccountError) {
      return { ok: false, error: error.message, fieldErrors: { [error.field ?? "email"]: error.message }, values };
    }
    throw error;
  }
  return signInWithPassword(parsed.data.email, parsed.data.password, "/dashboard?welcome=1");
}

export async function signInWithGithubAction(formData: FormData): Promise<void> {
  await signIn("github", { redirectTo: safeReturnPath(text(formData, "next")) });
}
