"use client";

import Link from "next/link";
import { useActionState } from "react";
import {
  requestPasswordResetAction,
  resetPasswordAction,
  type ResetPasswordState,
  type ResetRequestState,
} from "@/lib/edge/actions/password-reset-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { EmailField, NewPasswordField } from "@/components/dashboard/auth-forms";

const linkClass = "font-medium text-indigo-700 underline-offset-2 hover:underline";

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState<ResetRequestState, FormData>(requestPasswordResetAction, null);
  const failure = state && !state.ok ? state : null;
  const { formProps, errorOf } = useFieldErrors(failure?.fieldErrors);
  if (state?.ok) {
    return (
      <div className="space-y-4">
        <Alert tone="success" title="Check your email">
          If an account exists for <span className="font-medium break-all">{state.value.email}</span>, we sent it a link
          to choose a new password. The link works once, for 1 hour. No mail after a few minutes? Check your spam
          folder, or ask again.
        </Alert>
        <p className="text-center text-sm text-slate-600">
          <Link href="/sign-in" className={linkClass}>
            Back to sign-in
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form {...formProps} action={action} className="space-y-4" noValidate>
      {failure && !failure.fieldErrors ? <Alert tone="error">{failure.error}</Alert> : null}
      <EmailField label="Email" error={errorOf("email")} defaultValue={failure?.values?.email} />
      <Button type="submit" pending={pending} className="w-full">
        Send reset link
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it?{" "}
        <Link href="/sign-in" className={linkClass}>
          Sign in
        </Link>
      </p>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<ResetPasswordState, FormData>(resetPasswordAction, null);
  const failure = state && !state.ok ? state : null;
  const { formProps, errorOf } = useFieldErrors(failure?.fieldErrors);
  return (
    <form {...formProps} action={action} className="space-y-4" noValidate>
      {failure && !failure.fieldErrors ? (
        <Alert tone="error">
          {failure.error}{" "}
          <Link href="/forgot-password" className={linkClass}>
            Ask for a new link
          </Link>
        </Alert>
      ) : null}
      <input type="hidden" name="token" value={token} />
      <NewPasswordField label="New password" error={errorOf("password")} />
      <Button type="submit" pending={pending} className="w-full">
        Set new password
      </Button>
    </form>
  );
}
