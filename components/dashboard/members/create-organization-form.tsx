"use client";

import { useState, useTransition } from "react";
import { createOrganizationAction } from "@/lib/edge/actions/team-actions";
import type { ActionResult } from "@/lib/edge/actions/action-result";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { FormFailure } from "@/components/ui/form-failure";
import { useFieldErrors } from "@/components/ui/use-field-errors";

/** A new organisation of one's own, as its owner; on success the action opens its overview. */
export function CreateOrganizationForm() {
  const [name, setName] = useState("");
  const [result, setResult] = useState<ActionResult<never> | null>(null);
  const [requestFailed, setRequestFailed] = useState(false);
  const [pending, startTransition] = useTransition();
  const fieldErrors = result && !result.ok ? result.fieldErrors : undefined;
  const { formProps, errorOf } = useFieldErrors(fieldErrors);
  return (
    <form
      {...formProps}
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setRequestFailed(false);
        startTransition(async () => {
          try {
            // On success the action redirects, and this page is left.
            setResult((await createOrganizationAction({ name })) ?? null);
          } catch {
            setRequestFailed(true);
          }
        });
      }}
    >
      <Field
        id="organization-name"
        label="Organisation name"
        hint="Your company or team, as your colleagues know it. You can invite them once it exists."
        error={errorOf("name")}
      >
        {(props) => (
          <Input
            {...props}
            name="name"
            autoComplete="organization"
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" pending={pending}>
        Create organisation
      </Button>
      <FormFailure
        error={result && !result.ok && !fieldErrors ? result.error : undefined}
        requestFailed={requestFailed}
        requestFailedMessage="The organisation could not be created. Check your connection and try again."
      />
    </form>
  );
}
