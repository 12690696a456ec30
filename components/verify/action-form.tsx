"use client";
import { useActionState } from "react";
import { failureMessage, type FlowActionState } from "@/lib/edge/actions/action-result";
import { primaryButton, secondaryButton } from "@/components/verify/styles";

/** One button that runs a flow action, with a pending label and any error read out at once. */
export function ActionForm(props: {
  action: (previous: FlowActionState, form: FormData) => Promise<FlowActionState>;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "secondary";
  /** Space above the form (default mt-6). */
  spacing?: string;
}) {
  const [state, formAction, pending] = useActionState(props.action, null);
  return (
    <form action={formAction} className={props.spacing ?? "mt-6"}>
      <button
        type="submit"
        className={props.variant === "secondary" ? secondaryButton : primaryButton}
        disabled={pending}
        aria-disabled={pending}
      >
        {pending ? props.pendingLabel : props.label}
      </button>
      <FlowError message={failureMessage(state)} />
    </form>
  );
}

/** An action's error, announced as it appears. */
export function FlowError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      {message}
    </p>
  ) : null;
}
