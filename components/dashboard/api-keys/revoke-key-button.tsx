"use client";

import { useMutation } from "@tanstack/react-query";
import { revokeApiKeyAction } from "@/app/dashboard/api-keys/actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

export function RevokeKeyButton({ id, label }: { id: string; label: string }) {
  const revoke = useMutation({ mutationFn: revokeApiKeyAction });
  const failed = revoke.isError || (revoke.data && !revoke.data.ok);
  return (
    <div className="flex flex-col items-end gap-1">
      <ConfirmDialog
        trigger={<>Revoke<span className="sr-only"> {label}</span></>}
        title={`Revoke ${label}?`}
        description={
          <p>
            Requests with this key will fail with <code>401 invalid_api_key</code> at once. This cannot be undone;
            create a new key first if something still uses it.
          </p>
        }
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate({ id })}
      />
      {failed ? (
        <p role="alert" className="text-xs text-red-700">
          {revoke.data && !revoke.data.ok ? revoke.data.error : "Could not revoke; try again."}
        </p>
      ) : null}
    </div>
  );
}
