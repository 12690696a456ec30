"use client";

import { resendInvitationAction } from "@/lib/edge/actions/team-actions";
import { ConfirmActionButton } from "@/components/dashboard/confirm-action-button";

export function ResendInvitationButton({ id, email }: { id: string; email: string }) {
  return (
    <ConfirmActionButton
      id={id}
      action={resendInvitationAction}
      trigger={
        <>
          Resend<span className="sr-only"> invitation to {email}</span>
        </>
      }
      title={`Send the invitation to ${email} again?`}
      description={
        <p>
          They get a new mail with a new link; the earlier link stops working. An invitation can be sent again twice a
          day.
        </p>
      }
      confirmLabel="Resend invitation"
      confirmVariant="primary"
      failedMessage="Could not resend; try again."
      successMessage={`Sent again to ${email}.`}
    />
  );
}
