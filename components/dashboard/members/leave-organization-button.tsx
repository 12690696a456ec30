"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { leaveOrganizationAction } from "@/lib/edge/actions/team-actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * Leaves the organisation after confirmation, then opens where the action says: the overview of
 * another organisation of the user's, or the page for someone with none. A refusal (the last
 * owner) is shown beside the button in the action's words.
 */
export function LeaveOrganizationButton({ orgId, orgName }: { orgId: string; orgName: string }) {
  const router = useRouter();
  const leave = useMutation({
    mutationFn: leaveOrganizationAction,
    onSuccess: (result) => {
      if (!result.ok) return;
      router.push(result.value.redirectTo);
      router.refresh();
    },
  });
  const refusal =
    leave.data && !leave.data.ok ? leave.data.error : leave.isError ? "Could not leave; try again." : null;
  return (
    <div className="flex flex-col items-start gap-2">
      <ConfirmDialog
        trigger="Leave organisation"
        title={`Leave ${orgName}?`}
        description={
          <p>
            You lose access to its keys, sessions, webhooks and members at once. Your account and your other
            organisations stay. To come back, an owner or admin has to invite you again.
          </p>
        }
        confirmLabel="Leave organisation"
        pending={leave.isPending || (leave.data?.ok ?? false)}
        onConfirm={() => leave.mutate({ id: orgId })}
      />
      {refusal ? (
        <p role="alert" className="text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
