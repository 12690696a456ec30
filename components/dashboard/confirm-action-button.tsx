"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import type { ActionResult } from "@/lib/actions/action-result";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * A button that runs a server action on one id after confirmation, and shows why it failed:
 * the action's own message, or `failedMessage` when the call itself failed. `redirectTo`
 * leaves a page about something the action removed.
 */
export function ConfirmActionButton<T>({
  id,
  action,
  trigger,
  title,
  description,
  confirmLabel,
  failedMessage,
  redirectTo,
}: {
  id: string;
  action: (input: { id: string }) => Promise<ActionResult<T>>;
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  failedMessage: string;
  redirectTo?: string;
}) {
  const router = useRouter();
  const run = useMutation({
    mutationFn: action,
    onSuccess: (result) => {
      if (result.ok && redirectTo) router.push(redirectTo);
    },
  });
  const failed = run.isError || (run.data && !run.data.ok);
  return (
    <div className="flex flex-col items-end gap-1">
      <ConfirmDialog
        trigger={trigger}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        pending={run.isPending}
        onConfirm={() => run.mutate({ id })}
      />
      {failed ? (
        <p role="alert" className="text-xs text-red-700">
          {run.data && !run.data.ok ? run.data.error : failedMessage}
        </p>
      ) : null}
    </div>
  );
}
