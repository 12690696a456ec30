"use client";

import { useMutation } from "@tanstack/react-query";
import { sendTestEventAction } from "@/lib/edge/actions/webhook-actions";
import { describeFailure } from "@/components/dashboard/badges";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { KeyMode } from "@/lib/account/keys/key-mode";

/** Sends one signed test event to the endpoint now and shows how the receiver answered. */
export function SendTestEventButton({ id, mode }: { id: string; mode: KeyMode }) {
  const send = useMutation({ mutationFn: sendTestEventAction });
  const data = send.data;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {mode === "live" ? (
        <ConfirmDialog
          trigger="Send test event"
          title="Send a test event to a live endpoint?"
          description={
            <p>
              Your production receiver gets a signed <code>verification_session.completed</code> about a made-up session
              (<code>metadata.voiceage_test_event</code> is <code>&quot;true&quot;</code>). Make sure it does not act on
              it.
            </p>
          }
          confirmLabel="Send it"
          confirmVariant="primary"
          pending={send.isPending}
          onConfirm={() => send.mutate({ id })}
        />
      ) : (
        <Button variant="secondary" size="sm" pending={send.isPending} onClick={() => send.mutate({ id })}>
          Send test event
        </Button>
      )}
      <div aria-live="polite" className="text-xs">
        {send.isError ? (
          <span className="text-red-700">Could not send; check your connection and try again.</span>
        ) : null}
        {data && !data.ok ? <span className="text-red-700">{data.error}</span> : null}
        {data?.ok ? (
          <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="test-event-result">
            {data.value.success ? (
              <Badge tone="success">Test event delivered · HTTP {data.value.statusCode}</Badge>
            ) : (
              <Badge tone="danger">
                Test event failed · {describeFailure(data.value.statusCode, data.value.error)}
              </Badge>
            )}
            <span className="text-slate-600">
              {data.value.durationMs} ms · <code>{data.value.eventId}</code>
            </span>
          </span>
        ) : null}
      </div>
    </div>
  );
}
