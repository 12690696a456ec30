"use client";

import { removeMemberAction } from "@/lib/edge/actions/team-actions";
import { ConfirmActionButton } from "@/components/dashboard/confirm-action-button";

export function RemoveMemberButton({ userId, email, orgName }: { userId: string; email: string; orgName: string }) {
  return (
    <ConfirmActionButton
      id={userId}
      action={removeMemberAction}
      trigger={
        <>
          Remove<span className="sr-only"> {email}</span>
        </>
      }
      title={`Remove ${email}?`}
      description={
        <p>
          They lose access to {orgName} on their next page load. Their account and their other organisations stay. You
          can invite them again later.
        </p>
      }
      confirmLabel="Remove member"
      failedMessage="Could not remove; try again."
    />
  );
}
