"use client";

import { useActionState } from "react";
import { confirmEmailAction, type ConfirmEmailState } from "@/lib/edge/actions/email-verification-actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export function ConfirmEmailForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<ConfirmEmailState, FormData>(confirmEmailAction, null);
  return (
    <form action={action} className="space-y-4">
      {state && !state.ok ? <Alert tone="error">{state.error}</Alert> : null}
      <input type="hidden" name="token" value={token} />
      <Button type="submit" pending={pending} className="w-full">
        Confirm my address
      </Button>
    </form>
  );
}
