"use client";

import { useActionState, useState, useTransition } from "react";
import {
  acceptInvitationAction,
  signUpWithInvitationAction,
  type InvitationSignUpState,
} from "@/lib/edge/actions/team-actions";
import { PASSWORD_MIN_LENGTH } from "@/lib/account/users/schemas";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useFieldErrors } from "@/components/ui/use-field-errors";

/** Signed in with the invited email: one button joins the organisation. */
export function AcceptInvitationButton({ token, orgName }: { token: string; orgName: string }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button
        className="w-full"
        pending={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await acceptInvitationAction({ token });
            if (result && !result.ok) setError(result.error);
          })
        }
      >
        Join {orgName}
      </Button>
    </div>
  );
}

/** No account yet: the invitation's email is the account's, so only a name and password are asked. */
export function InvitationSignUpForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<InvitationSignUpState, FormData>(signUpWithInvitationAction, null);
  const failure = state && !state.ok ? state : null;
  const { formProps, errorOf } = useFieldErrors(failure?.fieldErrors);
  return (
    <form {...formProps} action={action} className="space-y-4" noValidate>
      {failure && !failure.fieldErrors ? <Alert tone="error">{failure.error}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <Field id="invite-account-email" label="Email" hint="The address this invitation was sent to.">
        {(props) => <Input {...props} type="email" value={email} readOnly autoComplete="username" />}
      </Field>
      <Field id="name" label="Your name" hint="Optional." error={errorOf("name")}>
        {(props) => <Input {...props} name="name" autoComplete="name" defaultValue={failure?.values?.name} />}
      </Field>
      <Field
        id="password"
        label="Choose a password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errorOf("password")}
      >
        {(props) => <Input {...props} name="password" type="password" autoComplete="new-password" required />}
      </Field>
      <Button type="submit" pending={pending} className="w-full">
        Create account and join
      </Button>
    </form>
  );
}
