"use client";
import { useMemo, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useFieldErrors } from "@/components/ui/use-field-errors";

type Result =
  | { ok: true; value: { displayName: string | null } }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

/** The organisation's display name in the hosted flow; empty falls back to the return URL's host. */
export function DisplayNameForm({
  initial,
  action,
}: {
  initial: string;
  action: (input: { displayName: string }) => Promise<Result>;
}) {
  const [value, setValue] = useState(initial);
  const [result, setResult] = useState<Result | null>(null);
  const [pending, startTransition] = useTransition();
  // A refusal that names no field (the role's) still belongs beside the one field there is.
  // One object per result: useFieldErrors moves the focus when it changes.
  const fieldErrors = useMemo(
    () => (result && !result.ok ? (result.fieldErrors ?? { displayName: result.error }) : undefined),
    [result],
  );
  const { formProps, errorOf } = useFieldErrors(fieldErrors);
  const error = errorOf("displayName");
  return (
    <form
      {...formProps}
      className="max-w-md space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => setResult(await action({ displayName: value })));
      }}
    >
      <Field
        id="display-name"
        label="Display name"
        hint="For example your shop's name, as your customers know it. Leave empty to show your return URL's address instead."
        error={error}
      >
        {(props) => (
          <Input
            {...props}
            name="displayName"
            maxLength={60}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
      </Field>
      <div className="flex items-center gap-3">
        <Button type="submit" pending={pending}>
          Save
        </Button>
      </div>
      {result?.ok ? (
        <Alert tone="success" title="Saved.">
          {result.value.displayName
            ? `The age check page now says “${result.value.displayName} asks you to confirm your age.”`
            : "The age check page now names your return URL's address."}
        </Alert>
      ) : null}
    </form>
  );
}
