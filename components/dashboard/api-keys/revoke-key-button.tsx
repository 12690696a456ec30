"use client";

import { revokeApiKeyAction } from "@/lib/edge/actions/api-key-actions";
import { ConfirmActionButton } from "@/components/dashboard/confirm-action-button";

export function RevokeKeyButton({ id, label }: { id: string; label: string }) {
  return (
    <ConfirmActionButton
      id={id}
      action={revokeApiKeyAction}
      trigger={
        <>
          Revoke<span className="sr-only"> {label}</span>
        </>
      }
      title={`Revoke ${label}?`}
      description={
        <p>
          Requests with this key will fail with <code>401 invalid_api_key</code> at once. This cannot be undone; create
          a new key first if something still uses it.
        </p>
      }
      confirmLabel="Revoke key"
      failedMessage="Could not revoke; try again."
    />
  );
}
