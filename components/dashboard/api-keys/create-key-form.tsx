"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { createApiKeyAction } from "@/lib/edge/actions/api-key-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { CopyField } from "@/components/ui/copy-field";
import { Field, Input } from "@/components/ui/field";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { ModeControl } from "@/components/dashboard/mode-control";
import type { KeyMode } from "@/lib/account/keys/key-mode";

export function CreateKeyForm({ liveRefusal }: { liveRefusal?: string }) {
  const [name, setName] = useState("");
  const [mode, setMode] = useState<KeyMode>("test");
  const create = useMutation({ mutationFn: createApiKeyAction });
  const result = create.data;
  const created = result?.ok ? result.value : null;
  const fieldErrors = result && !result.ok ? result.fieldErrors : undefined;
  const { formProps, errorOf } = useFieldErrors(fieldErrors);

  if (created) {
    return (
      <div className="space-y-4">
        <Alert tone="warning" title="Copy your key now">
          This is the only time the full key is shown. Store it in your backend&apos;s secret store; if you lose it,
          revoke it and create another.
        </Alert>
        <CopyField label={`${created.name} (${created.mode} key)`} value={created.key} copyLabel="Copy key" />
        <Button
          variant="secondary"
          onClick={() => {
            create.reset();
            setName("");
          }}
        >
          Done
        </Button>
      </div>
    );
  }

  return (
    <form
      {...formProps}
      className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ name, mode });
      }}
      noValidate
    >
      <Field id="key-name" label="Name" hint="Where the key will be used." error={errorOf("name")}>
        {(props) => (
          <Input
            {...props}
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Checkout backend"
            maxLength={60}
          />
        )}
      </Field>
      <ModeControl
        name="mode"
        value={mode}
        onChange={setMode}
        hints={{ test: "Simulated checks, never billed.", live: "Real checks, billed." }}
        liveRefusal={liveRefusal}
      />
      <div className="sm:pt-6">
        <Button type="submit" pending={create.isPending}>
          Create key
        </Button>
      </div>
      <FormFailure
        error={result && !result.ok && !fieldErrors ? result.error : undefined}
        requestFailed={create.isError}
        requestFailedMessage="The key could not be created. Check your connection and try again."
        className="sm:col-span-3"
      />
    </form>
  );
}
