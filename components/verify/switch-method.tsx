"use client";
import { useTranslations } from "next-intl";
import { useActionState } from "react";
import { FlowError } from "@/components/verify/action-form";
import { secondaryButton } from "@/components/verify/styles";
import { failureMessage, type FlowActionState } from "@/lib/edge/actions/action-result";

/** "Use my ID instead": changes method at once, without spending an attempt. */
export function SwitchMethodButton(props: {
  action: (previous: FlowActionState, form: FormData) => Promise<FlowActionState>;
  label: string;
}) {
  const t = useTranslations("flow");
  const [state, formAction, pending] = useActionState(props.action, null);
  return (
    <form action={formAction} className="w-full sm:w-auto">
      <button type="submit" className={secondaryButton} disabled={pending} aria-disabled={pending}>
        {pending ? t("changing") : props.label}
      </button>
      <FlowError message={failureMessage(state)} />
    </form>
  );
}
