"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { inviteMemberAction } from "@/lib/edge/actions/team-actions";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/account/teams/roles";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { CopyField } from "@/components/ui/copy-field";
import { DateTime } from "@/components/ui/date-time";
import { Field, Input, Select } from "@/components/ui/field";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { isOneOf } from "@/lib/platform/narrow";

/** Invites by email with a role; the link is shown once afterwards, to copy if the email does not arrive. */
export function InviteMemberForm({ roles }: { roles: readonly Role[] }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("developer");
  const invite = useMutation({ mutationFn: inviteMemberAction });
  const result = invite.data;
  const sent = result?.ok ? result.value : null;
  const fieldErrors = result && !result.ok ? result.fieldErrors : undefined;
  const { formProps, errorOf } = useFieldErrors(fieldErrors);

  if (sent) {
    return (
      <div className="space-y-4">
        <Alert tone={sent.emailed ? "success" : "warning"} title={sent.emailed ? "Invitation sent" : "Email not sent"}>
          {sent.emailed
            ? `${sent.email} is invited as ${ROLE_LABELS[sent.role].toLowerCase()}. `
            : `The invitation for ${sent.email} exists, but the email could not be sent. Send them the link yourself. `}
          The link works once, until <DateTime value={sent.expiresAt} />. It is shown only now.
        </Alert>
        <CopyField label={`Invitation link for ${sent.email}`} value={sent.link} copyLabel="Copy link" />
        <Button
          variant="secondary"
          onClick={() => {
            invite.reset();
            setEmail("");
          }}
        >
          Invite someone else
        </Button>
      </div>
    );
  }

  return (
    <form
      {...formProps}
      className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        invite.mutate({ email, role });
      }}
      noValidate
    >
      <Field id="invite-email" label="Email" error={errorOf("email")}>
        {(props) => (
          <Input
            {...props}
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="colleague@company.com"
          />
        )}
      </Field>
      <Field id="invite-role" label="Role" error={errorOf("role")}>
        {(props) => (
          <Select
            {...props}
            name="role"
            value={role}
            onChange={(e) => {
              const { value } = e.target;
              if (isOneOf(ROLES, value)) setRole(value);
            }}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="sm:pt-6">
        <Button type="submit" pending={invite.isPending}>
          Send invitation
        </Button>
      </div>
      <FormFailure
        error={result && !result.ok && !fieldErrors ? result.error : undefined}
        requestFailed={invite.isError}
        requestFailedMessage="The invitation could not be sent. Check your connection and try again."
        className="sm:col-span-3"
      />
    </form>
  );
}
