import type { Metadata } from "next";
import Link from "next/link";
import { githubEnabled } from "@/lib/edge/auth/auth";
import { signInWithGithubAction } from "@/lib/edge/actions/auth-actions";
import { SignInForm } from "@/components/dashboard/auth-forms";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { redirectIfSignedIn } from "@/lib/edge/auth/current-user";
import type { PageSearchParams } from "@/lib/platform/http/search-params";
import { safeReturnPath } from "@/lib/account/users/return-path";
import { signInQuerySchema } from "@/lib/account/users/schemas";

export const metadata: Metadata = { title: "Sign in" };

// Auth.js sends people back here with ?error=<type> when a sign-in fails outside our forms.
const ERRORS: Record<string, string> = {
  github_email_in_use:
    "An account with your GitHub email already exists. Sign in with your email and password instead.",
  AccessDenied: "GitHub sign-in was refused. Try again, or sign in with your email and password.",
  OAuthSignin: "Could not start GitHub sign-in. Try again in a moment.",
  OAuthCallbackError: "GitHub sign-in did not complete. Try again.",
  CallbackRouteError: "Sign-in did not complete. Try again.",
  Configuration: "Sign-in is misconfigured on the server. Contact your operator.",
  CredentialsSignin: "That email and password do not match an account.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const query = signInQuerySchema.parse(await searchParams);
  const next = safeReturnPath(query.next);
  await redirectIfSignedIn(next);
  const initialError = query.error ? (ERRORS[query.error] ?? "Sign-in did not complete. Try again.") : undefined;

  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Sign in to the dashboard</h1>
      <p className="mt-1 text-sm text-slate-600">Manage API keys, webhooks, sessions and deliveries.</p>
      {query.reset ? (
        <Alert tone="success" className="mt-6">
          Your password was changed, and every other browser was signed out. Sign in with your new password.
        </Alert>
      ) : null}
      {query.verified ? (
        <Alert tone="success" className="mt-6">
          Your address is confirmed. Sign in to invite colleagues and create live keys.
        </Alert>
      ) : null}
      <Card className="mt-6" as="div">
        <CardBody className="space-y-4 py-6">
          <SignInForm next={next} initialError={initialError} />
          {githubEnabled() ? (
            <>
              <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
                <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
              </div>
              <form action={signInWithGithubAction}>
                <input type="hidden" name="next" value={next} />
                <Button type="submit" variant="secondary" className="w-full">
                  Continue with GitHub
                </Button>
              </form>
            </>
          ) : null}
        </CardBody>
      </Card>
      <p className="mt-6 text-center text-sm text-slate-600">
        New here?{" "}
        <Link href="/sign-up" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          Create an account
        </Link>
      </p>
    </>
  );
}
