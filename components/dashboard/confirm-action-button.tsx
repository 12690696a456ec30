"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import type { ActionResult } from "@/lib/edge/actions/action-result";
import type { ButtonVariant } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * A button that runs a server action on one id after confirmation, and shows why it failed:
 * the action's own message, or `failedMessage` when the call itself failed. `redirectTo`
 * leaves a page about something the action removed; `successMessage` says it was done, for an
 * action whose result the page does not otherwise show.
 */
export function ConfirmActionButton<T>({
  id,
  action,
  trigger,
  title,
  description,
  confirmLabel,
  confirmVariant,
  failedMessage,
  successMessage,
  redirectTo,
}: {
  id: string;
  action: (input: { id: string }) => Promise<ActionResult<T>>;
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  failedMessage: string;
  successMessage?: string;
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
        confirmVariant={confirmVariant}
        pending={run.isPending}
        onConfirm={() => run.mutate({ id })}
      />
      {failed ? (
        <p role="alert" className="text-xs text-red-700">
          {run.data && !run.data.ok ? run.data.error : failedMessage}
        </p>
      ) : null}
      {successMessage && run.data?.ok ? (
        <p role="status" className="text-xs text-emerald-700">
          {successMessage}
        </p>
      ) : null}
    </div>
  );
}
