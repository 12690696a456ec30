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

// Server actions: Next.js refuses them unless the Origin matches the host, which is what
// keeps these forms safe from cross-site posting.

export type AuthFormState = {
  error?: string;
  fieldErrors?: Partial<Record<"name" | "email" | "password" | "organization", string>>;
  values?: { name?: string; email?: string; organization?: string };
};

function fieldErrorsOf(issues: { path: PropertyKey[]; message: string }[]): AuthFormState["fieldErrors"] {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}

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
): Promise<AuthFormState> {
  try {
    // Redirects (throws NEXT_REDIRECT) on success.
    await signIn("credentials", { email, password, redirectTo });
    return {};
  } catch (error) {
    // The form keeps the email as typed, not as normalised.
    const values = { email: typedEmail };
    if (error instanceof SignInRateLimitedError) return { error: rateLimitMessage(error.retryAfterSeconds), values };
    if (error instanceof CredentialsSignin)
      return { error: "That email and password do not match an account.", values };
    throw error;
  }
}

export async function signInAction(_previous: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const email = text(formData, "email");
  const parsed = signInBodySchema.safeParse({ email, password: text(formData, "password") });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues), values: { email } };
  return signInWithPassword(parsed.data.email, parsed.data.password, safeReturnPath(text(formData, "next")), email);
}

export async function signUpAction(_previous: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const values = {
    name: text(formData, "name"),
    email: text(formData, "email"),
    organization: text(formData, "organization"),
  };
  const parsed = signUpBodySchema.safeParse({ ...values, password: text(formData, "password") });
  if (!parsed.success) return { fieldErrors: fieldErrorsOf(parsed.error.issues), values };
  const ip = clientAddress(await headers());
  const wait = await signUpRetryAfter(ip);
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    return {
      error: `Too many accounts were created from your network recently. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      values,
    };
  }
  try {
    await signUpUser(parsed.data);
    await recordSignUp(ip);
  } catch (error) {
    if (error instanceof AccountError) return { fieldErrors: { [error.field ?? "email"]: error.message }, values };
    throw error;
  }
  return signInWithPassword(parsed.data.email, parsed.data.password, "/dashboard?welcome=1");
}

export async function signInWithGithubAction(formData: FormData): Promise<void> {
  await signIn("github", { redirectTo: safeReturnPath(text(formData, "next")) });
}
