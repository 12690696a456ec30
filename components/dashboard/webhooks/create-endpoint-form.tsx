"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { createWebhookEndpointAction } from "@/lib/edge/actions/webhook-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormFailure } from "@/components/ui/form-failure";
import { CopyField } from "@/components/ui/copy-field";
import { Field, Input } from "@/components/ui/field";
import { useFieldErrors } from "@/components/ui/use-field-errors";
import { ModeControl } from "@/components/dashboard/mode-control";
import { webhookEventTypes } from "@/lib/verification/schemas";
import type { KeyMode } from "@/lib/account/keys/key-mode";

const EVENT_HELP: Record<(typeof webhookEventTypes)[number], string> = {
  "verification_session.completed": "A session passed or failed.",
  "verification_session.expired": "A session expired before the user finished.",
};

export function CreateEndpointForm({ liveRefusal }: { liveRefusal?: string }) {
  const [url, setUrl] = useState("");
  const [mode, setMode] = useState<KeyMode>("test");
  const [events, setEvents] = useState<string[]>([...webhookEventTypes]);
  const create = useMutation({ mutationFn: createWebhookEndpointAction });
  const result = create.data;
  const fieldErrors = result && !result.ok ? result.fieldErrors : undefined;
  const { formProps, errorOf } = useFieldErrors(fieldErrors);

  if (result?.ok) {
    const created = result.value;
    return (
      <div className="space-y-4">
        <Alert tone="warning" title="Copy the signing secret now">
          Your receiver needs it to verify the <code>Service-Signature</code> header of every delivery. This is the only
          time it is shown.
        </Alert>
        <CopyField label={`Signing secret for ${created.url}`} value={created.secret} copyLabel="Copy secret" />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              create.reset();
              setUrl("");
            }}
          >
            Done
          </Button>
          <Link
            href={`/dashboard/webhooks/${created.id}`}
            className="inline-flex h-10 items-center px-2 text-sm font-medium text-indigo-700 underline underline-offset-2"
          >
            Open the endpoint
          </Link>
        </div>
      </div>
    );
  }

  return (
    <form
      {...formProps}
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ url: url.trim(), events, mode });
      }}
    >
      <Field
        id="endpoint-url"
        label="Endpoint URL"
        hint="An https:// URL on your server that accepts POST requests."
        error={errorOf("url")}
      >
        {(props) => (
          <Input
            {...props}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/webhooks/age-verification"
            name="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </Field>
      <fieldset aria-describedby={errorOf("events") ? "endpoint-events-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">Events to send</legend>
        <div className="mt-1 space-y-2">
          {webhookEventTypes.map((type, index) => (
            <label key={type} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="events"
                // The first box carries the group's error, so the focus can move to it.
                aria-invalid={index === 0 && errorOf("events") ? true : undefined}
                className="mt-0.5 size-4 accent-slate-900"
                checked={events.includes(type)}
                onChange={(e) =>
                  setEvents((current) => (e.target.checked ? [...current, type] : current.filter((t) => t !== type)))
                }
              />
              <span>
                <code className="text-slate-900">{type}</code>
                <span className="block text-xs text-slate-600">{EVENT_HELP[type]}</span>
              </span>
            </label>
          ))}
        </div>
        {errorOf("events") ? (
          <p id="endpoint-events-error" className="mt-1 text-sm text-red-700">
            {errorOf("events")}
          </p>
        ) : null}
      </fieldset>
      <ModeControl
        name="endpoint-mode"
        value={mode}
        onChange={setMode}
        hints={{
          test: "Receives events of sessions created with test keys only.",
          live: "Receives events of sessions created with live keys only.",
        }}
        liveRefusal={liveRefusal}
      />
      <FormFailure
        error={result && !result.ok && !fieldErrors ? result.error : undefined}
        requestFailed={create.isError}
        requestFailedMessage="The endpoint could not be created. Check your connection and try again."
      />
      <Button type="submit" pending={create.isPending}>
        Add endpoint
      </Button>
    </form>
  );
}
