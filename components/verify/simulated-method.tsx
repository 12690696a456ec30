"use client";
import { useTranslations } from "next-intl";
import { useActionState, useState } from "react";
import { failureMessage, type FlowActionState } from "@/lib/edge/actions/action-result";
import { FlowError } from "@/components/verify/action-form";

/** Each simulated result, its words in the catalogue (messages/*.json, "simulate"). */
const CHOICES = [
  { value: "pass", className: "border-emerald-700 text-emerald-900 hover:bg-emerald-50" },
  { value: "inconclusive", className: "border-amber-600 text-amber-950 hover:bg-amber-50" },
  { value: "fail", className: "border-red-700 text-red-900 hover:bg-red-50" },
] as const;

/** Test mode: the user picks what the simulated provider returns; the server applies it. */
export function SimulatedMethod(props: {
  action: (previous: FlowActionState, form: FormData) => Promise<FlowActionState>;
  /** No method follows: an inconclusive result ends the session. */
  isLast: boolean;
}) {
  const t = useTranslations("simulate");
  const [state, formAction, pending] = useActionState(props.action, null);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <form action={formAction} className="mt-5">
      <fieldset disabled={pending}>
        <legend className="text-base font-semibold text-slate-900">{t("legend")}</legend>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
        <div className="mt-4 grid gap-3">
          {CHOICES.map((choice) => (
            <button
              key={choice.value}
              type="submit"
              name="result"
              value={choice.value}
              onClick={() => setChosen(choice.value)}
              aria-describedby={`hint-${choice.value}`}
              className={`flex min-h-12 w-full flex-col items-start rounded-lg border-2 bg-white px-4 py-3 text-start focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-700 disabled:cursor-not-allowed disabled:opacity-60 ${choice.className}`}
            >
              <span className="text-base font-semibold">
                {pending && chosen === choice.value ? t("checking") : t(choice.value)}
              </span>
              <span id={`hint-${choice.value}`} className="text-sm text-slate-700">
                {props.isLast && choice.value === "inconclusive" ? t("inconclusiveLastHint") : t(`${choice.value}Hint`)}
              </span>
            </button>
          ))}
        </div>
      </fieldset>
      <FlowError message={failureMessage(state)} />
    </form>
  );
}
