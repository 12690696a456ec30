"use client";

import Link from "next/link";
import { useActionState, useState } from "react";
import { signInAction, signUpAction, type AuthFormState, type SignUpFormState } from "@/lib/edge/actions/auth-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { PASSWORD_MIN_LENGTH } from "@/lib/account/users/schemas";

type AuthFailure = Extract<AuthFormState | SignUpFormState, { ok: false }>;

// Cast: `!state.ok` narrows a union, but not a generic S, to its failure member.
const failureOf = <S extends AuthFormState | SignUpFormState>(state: S) =>
  (state && !state.ok ? state : null) as Extract<S, { ok: false }> | null;

// A failure that names fields shows at the fields, not above the form.
const formError = (failure: AuthFailure | null) => (failure && !failure.fieldErrors ? failure.error : undefined);

export function SignInForm({ next, initialError }: { next: string; initialError?: string }) {
  const [state, action, pending] = useActionState<AuthFormState, FormData>(signInAction, null);
  const failure = failureOf(state);
  // The page's own error (from the address) only until the form is first submitted.
  const error = state ? formError(failure) : initialError;
  const { formProps, errorOf } = useFieldErrors(failure?.fieldErrors);
  return (
    <form {...formProps} action={action} className="space-y-4" noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <input type="hidden" name="next" value={next} />
      <EmailField label="Email" error={errorOf("email")} defaultValue={failure?.values?.email} />
      <Field id="password" label="Password" error={errorOf("password")}>
        {(props) => <Input {...props} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      <p className="-mt-2 text-right text-sm">
        <Link href="/forgot-password" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          Forgot password?
        </Link>
      </p>
      <Button type="submit" pending={pending} className="w-full">
        Sign in
      </Button>
    </form>
  );
}

export function SignUpForm() {
  const [state, action, pending] = useActionState<SignUpFormState, FormData>(signUpAction, null);
  const failure = failureOf(state);
  const error = formError(failure);
  const { formProps, errorOf } = useFieldErrors(failure?.fieldErrors);
  if (state?.ok) {
    // The same words whether or not the address already had an account.
    return (
      <div className="space-y-4">
        <Alert tone="success" title="Check your email to continue">
          We sent a message to <span className="font-medium break-all">{state.value.email}</span>. Follow it to confirm
          your address. Until it is confirmed you can use test mode; inviting colleagues and live keys wait for it. No
          mail after a few minutes? Check your spam folder.
        </Alert>
        <p className="text-center text-sm text-slate-600">
          <Link href="/sign-in" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
            Go to sign-in
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form {...formProps} action={action} className="space-y-4" noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Field id="name" label="Your name" hint="Optional." error={errorOf("name")}>
        {(props) => <Input {...props} name="name" autoComplete="name" defaultValue={failure?.values?.name} />}
      </Field>
      <EmailField label="Work email" error={errorOf("email")} defaultValue={failure?.values?.email} />
      <NewPasswordField label="Password" error={errorOf("password")} />
      <Field
        id="organization"
        label="Organisation name"
        hint="Your company or team. API keys, webhooks and sessions belong to the organisation."
        error={errorOf("organization")}
      >
        {(props) => (
          <Input
            {...props}
            name="organization"
            autoComplete="organization"
            required
            defaultValue={failure?.values?.organization}
          />
        )}
      </Field>
      <Button type="submit" pending={pending} className="w-full">
        Create account
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link href="/sign-in" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}

/**
 * A password being chosen (sign-up, reset): sign-up's rules, said before they are broken. Held
 * in state, so a refusal of another field does not wipe it (React resets a form's uncontrolled
 * fields after its action).
 */
export function NewPasswordField({ label, error }: { label: string; error?: string }) {
  const [value, setValue] = useState("");
  return (
    <Field
      id="password"
      label={label}
      hint={`At least ${PASSWORD_MIN_LENGTH} characters. A passphrase is easiest to remember.`}
      error={error}
    >
      {(props) => (
        <Input
          {...props}
          name="password"
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          minLength={PASSWORD_MIN_LENGTH}
          required
        />
      )}
    </Field>
  );
}

/** The address an account signs in with, as typed last time (sign-in, sign-up, reset). */
export function EmailField({ label, error, defaultValue }: { label: string; error?: string; defaultValue?: string }) {
  return (
    <Field id="email" label={label} error={error}>
      {(props) => (
        <Input {...props} name="email" type="email" autoComplete="email" required defaultValue={defaultValue} />
      )}
    </Field>
  );
}
