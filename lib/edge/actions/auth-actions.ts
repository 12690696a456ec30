"use server";

import { headers } from "next/headers";
import { CredentialsSignin } from "next-auth";
import { signIn, SignInRateLimitedError } from "@/lib/edge/auth/auth";
import { after } from "next/server";
import { errorField, logger } from "@/lib/platform/log";
import { waitInWords } from "@/lib/account/rate-limit/attempt-limit";
import { signUpUser } from "@/lib/account/users/create-user";
import { holdSignUpHash } from "@/lib/account/users/password";
import { clientAddress } from "@/lib/account/rate-limit/client-address";
import { safeReturnPath } from "@/lib/account/users/return-path";
import { signInBodySchema, signUpBodySchema } from "@/lib/account/users/schemas";
import { recordSignUp, signUpRetryAfter } from "@/lib/account/users/sign-up-rate-limit";
import { fieldErrorsOf, type FormState } from "@/lib/edge/actions/action-result";

// Server actions: Next.js refuses them unless the Origin matches the host, which is what
// keeps these forms safe from cross-site posting.

/** Success redirects, so the sign-in form only ever sees a failure, with its values as typed. */
export type AuthFormState = FormState<never, { values: { email?: string } }>;
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

/** Sign-up's answer: the same "check your email" for every address, or a failure with what was typed. */
export type SignUpFormState = FormState<
  { email: string },
  { values: { name?: string; email?: string; organization?: string } }
>;

/**
 * Answers "check your email to continue" whether or not the address has an account, and in the
 * same time: the tries are counted (every one, per client address and per email) before
 * anything else, a place in sign-up's own hash queue is taken, and the lookup, the hash, the
 * account and the mail all run after the answer is sent.
 */
export async function signUpAction(_previous: SignUpFormState, formData: FormData): Promise<SignUpFormState> {
  const values = {
    name: text(formData, "name"),
    email: text(formData, "email"),
    organization: text(formData, "organization"),
  };
  const parsed = signUpBodySchema.safeParse({ ...values, password: text(formData, "password") });
  if (!parsed.success)
    return { ok: false, error: CHECK_FIELDS, fieldErrors: fieldErrorsOf(parsed.error.issues), values };
  const attempt = { email: parsed.data.email, ip: clientAddress(await headers()) };
  const wait = await signUpRetryAfter(attempt);
  if (wait > 0) {
    return {
      ok: false,
      error: `Too many sign-ups were tried for this address or from your network. Try again in ${waitInWords(wait)}.`,
      values,
    };
  }
  await recordSignUp(attempt);
  const place = holdSignUpHash();
  if (!place) {
    return { ok: false, error: "Many accounts are being created right now. Try again in a minute.", values };
  }
  after(() =>
    signUpUser(parsed.data, place).catch((error: unknown) => {
      place.release();
      logger().error({ err: errorField(error) }, "sign-up not completed");
    }),
  );
  return { ok: true, value: { email: parsed.data.email } };
}

export async function signInWithGithubAction(formData: FormData): Promise<void> {
  await signIn("github", { redirectTo: safeReturnPath(text(formData, "next")) });
}
