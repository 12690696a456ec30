"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { deleteWebhookEndpointAction } from "@/app/dashboard/webhooks/actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Deletes an endpoint after confirmation; `redirectTo` leaves a page about the deleted endpoint. */
export function DeleteEndpointButton({ id, url, redirectTo }: { id: string; url: string; redirectTo?: string }) {
  const router = useRouter();
  const remove = useMutation({
    mutationFn: deleteWebhookEndpointAction,
    onSuccess: (result) => {
      if (result.ok && redirectTo) router.push(redirectTo);
    },
  });
  const failed = remove.isError || (remove.data && !remove.data.ok);
  return (
    <div className="flex flex-col items-end gap-1">
      <ConfirmDialog
        trigger={<>Delete<span className="sr-only"> endpoint {url}</span></>}
        title="Delete this endpoint?"
        description={
          <p>
            <span className="font-mono break-all">{url}</span> will receive no more events, including retries of
            deliveries still pending. Its delivery history stays visible.
          </p>
        }
        confirmLabel="Delete endpoint"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id })}
      />
      {failed ? (
        <p role="alert" className="text-xs text-red-700">
          {remove.data && !remove.data.ok ? remove.data.error : "Could not delete; try again."}
        </p>
      ) : null}
    </div>
  );
}
