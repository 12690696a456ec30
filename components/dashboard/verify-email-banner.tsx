"use client";

import { useMutation } from "@tanstack/react-query";
import { resendVerificationAction } from "@/lib/edge/actions/email-verification-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Shown on every dashboard page until the account's address is confirmed. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useMutation({ mutationFn: () => resendVerificationAction() });
  const result = resend.data;
  return (
    <Alert tone="warning" title="Confirm your email address" className="mb-6">
      <p>
        We sent a link to <span className="font-medium break-all">{email}</span>. Until you follow it, this account can
        use test mode, but cannot invite colleagues or create live keys.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" pending={resend.isPending} onClick={() => resend.mutate()}>
          Send the link again
        </Button>
        {result?.ok ? <span role="status">Sent. Check your inbox.</span> : null}
        {result && !result.ok ? <span role="alert">{result.error}</span> : null}
        {resend.isError ? <span role="alert">Could not send; try again.</span> : null}
      </div>
    </Alert>
  );
}
