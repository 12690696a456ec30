"use client";
import { useActionState, useState } from "react";
import { failureMessage, type FlowActionState } from "@/lib/edge/actions/action-result";
import { FlowError } from "@/components/verify/action-form";

const CHOICES = [
  {
    value: "pass",
    label: "Simulate pass",
    hint: "The check confirms the age.",
    className: "border-emerald-700 text-emerald-900 hover:bg-emerald-50",
  },
  {
    value: "inconclusive",
    label: "Simulate inconclusive",
    hint: "The check can't decide; the next method starts.",
    lastHint: "The check can't decide; no method is left, so the age check fails.",
    className: "border-amber-600 text-amber-950 hover:bg-amber-50",
  },
  {
    value: "fail",
    label: "Simulate fail",
    hint: "The check finds the user too young.",
    className: "border-red-700 text-red-900 hover:bg-red-50",
  },
] as const;

/** Test mode: the user picks what the simulated provider returns; the server applies it. */
export function SimulatedMethod(props: {
  action: (previous: FlowActionState, form: FormData) => Promise<FlowActionState>;
  /** No method follows: an inconclusive result ends the session. */
  isLast: boolean;
}) {
  const [state, formAction, pending] = useActionState(props.action, null);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <form action={formAction} className="mt-5">
      <fieldset disabled={pending}>
        <legend className="text-base font-semibold text-slate-900">Choose the simulated result</legend>
        <p className="mt-1 text-sm text-slate-600">
          In test mode no camera, document or card is used: this step returns the result you pick.
        </p>
        <div className="mt-4 grid gap-3">
          {CHOICES.map((choice) => (
            <button
              key={choice.value}
              type="submit"
              name="result"
              value={choice.value}
              onClick={() => setChosen(choice.value)}
              aria-describedby={`hint-${choice.value}`}
              className={`flex min-h-12 w-full flex-col items-start rounded-lg border-2 bg-white px-4 py-3 text-left focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-700 disabled:cursor-not-allowed disabled:opacity-60 ${choice.className}`}
            >
              <span className="text-base font-semibold">
                {pending && chosen === choice.value ? "Checking…" : choice.label}
              </span>
              <span id={`hint-${choice.value}`} className="text-sm text-slate-700">
                {props.isLast && "lastHint" in choice ? choice.lastHint : choice.hint}
              </span>
            </button>
          ))}
        </div>
      </fieldset>
      <FlowError message={failureMessage(state)} />
    </form>
  );
}
