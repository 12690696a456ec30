"use client";

import { deleteWebhookEndpointAction } from "@/lib/edge/actions/webhook-actions";
import { ConfirmActionButton } from "@/components/dashboard/confirm-action-button";

/** Deletes an endpoint after confirmation; `redirectTo` leaves a page about the deleted endpoint. */
export function DeleteEndpointButton({ id, url, redirectTo }: { id: string; url: string; redirectTo?: string }) {
  return (
    <ConfirmActionButton
      id={id}
      action={deleteWebhookEndpointAction}
      trigger={
        <>
          Delete<span className="sr-only"> endpoint {url}</span>
        </>
      }
      title="Delete this endpoint?"
      description={
        <p>
          <span className="font-mono break-all">{url}</span> will receive no more events, including retries of
          deliveries still pending. Its delivery history stays visible.
        </p>
      }
      confirmLabel="Delete endpoint"
      failedMessage="Could not delete; try again."
      redirectTo={redirectTo}
    />
  );
}
