import { METHOD_LABEL, unavailableNote } from "@/components/verify/method-copy";
import type { FlowStep } from "@/lib/verification/hosted-flow/flow-steps";

const STATE_TEXT: Record<FlowStep["state"], string> = {
  inconclusive: "No clear result",
  skipped: "Skipped",
  current: "Now",
  current_unavailable: "Unavailable",
  upcoming: "If needed",
};

const STATE_STYLE: Record<FlowStep["state"], string> = {
  inconclusive: "bg-amber-100 text-amber-950",
  skipped: "bg-slate-200 text-slate-800",
  current: "bg-sky-800 text-white",
  current_unavailable: "bg-slate-200 text-slate-800",
  upcoming: "bg-white text-slate-700 ring-1 ring-slate-300",
};

/** The session's methods in order and where the user is, as a list screen readers can walk. */
export function MethodProgress({ steps, heading, started }: { steps: FlowStep[]; heading: string; started: boolean }) {
  const currentIndex = steps.find((step) => step.state === "current" || step.state === "current_unavailable")?.index;
  const isPast = (step: FlowStep) => started && (currentIndex === undefined || step.index < currentIndex);
  return (
    <section aria-labelledby="methods-heading" className="mt-8">
      <h2 id="methods-heading" className="text-base font-semibold text-slate-900">
        {heading}
      </h2>
      <ol className="mt-3 space-y-2">
        {steps.map((step) => (
          <li
            key={step.index}
            aria-current={step.state === "current" ? "step" : undefined}
            className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
          >
            <span>
              <span className="block font-medium text-slate-900">{METHOD_LABEL[step.method]}</span>
              {step.state === "skipped" || step.state === "current_unavailable" ? (
                <span className="block text-sm text-slate-600">
                  {unavailableNote(step.unavailableReason, isPast(step))}
                </span>
              ) : null}
            </span>
            <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-sm font-medium ${STATE_STYLE[step.state]}`}>
              {STATE_TEXT[step.state]}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
