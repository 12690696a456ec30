"use client";

import { revokeInvitationAction } from "@/lib/edge/actions/team-actions";
import { ConfirmActionButton } from "@/components/dashboard/confirm-action-button";

export function RevokeInvitationButton({ id, email }: { id: string; email: string }) {
  return (
    <ConfirmActionButton
      id={id}
      action={revokeInvitationAction}
      trigger={
        <>
          Revoke<span className="sr-only"> invitation for {email}</span>
        </>
      }
      title={`Revoke the invitation for ${email}?`}
      description={<p>The link in their email stops working at once. You can invite them again later.</p>}
      confirmLabel="Revoke invitation"
      failedMessage="Could not revoke; try again."
    />
  );
}
