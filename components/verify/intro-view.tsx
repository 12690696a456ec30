import { ActionForm } from "@/components/verify/action-form";
import {
  faceLimitNote,
  methodChoiceLine,
  METHOD_LABEL,
  METHOD_PHRASE,
  unavailableChoice,
} from "@/components/verify/method-copy";
import { LeaveLink } from "@/components/verify/leave-link";
import type { FlowActionState } from "@/lib/edge/actions/action-result";
import type { FlowSnapshot } from "@/lib/verification/hosted-flow/get-flow-snapshot";

type Action = (previous: FlowActionState, form: FormData) => Promise<FlowActionState>;

/**
 * Before the first capture: the user chooses how to prove their age among the methods the
 * session allows and this deployment can run, in the session's order (the first is suggested).
 * With one such method there is nothing to choose: the page says what it needs and starts it.
 */
export function IntroView(props: {
  snapshot: FlowSnapshot;
  minutesLeft: number;
  /** Starts the method at this index of the session's methods; undefined: none can run. */
  startAction: (methodIndex: number | undefined) => Action;
}) {
  const { snapshot } = props;
  const offered = snapshot.steps.filter((step) => step.available);
  const unavailable = snapshot.steps.filter((step) => !step.available);
  const idOffered = offered.some((step) => step.method === "id_document");
  return (
    <>
      <p className="text-sm text-slate-600">
        <span className="font-medium text-slate-900" data-testid="requester">
          {snapshot.requester}
        </span>{" "}
        asks you to confirm your age.
      </p>
      <h1
        id="flow-focus"
        tabIndex={-1}
        className="mt-2 text-2xl font-bold tracking-tight text-slate-900 outline-none sm:text-3xl"
      >
        Confirm you&apos;re {snapshot.requiredAge} or older
      </h1>
      <p className="mt-3 text-base text-slate-700">
        You need to be at least <strong>{snapshot.requiredAge} years old</strong> to continue.
      </p>

      {offered.length > 0 ? (
        <section aria-labelledby="choose-heading" className="mt-6">
          <h2 id="choose-heading" className="text-lg font-semibold text-slate-900">
            {offered.length > 1 ? "Choose how to confirm your age" : "What you'll need"}
          </h2>
          {offered.length > 1 ? (
            <p className="mt-1 text-sm text-slate-600">You can change your choice at any point without losing a try.</p>
          ) : null}
          <ul className="mt-3 space-y-3" data-testid="method-choices">
            {offered.map((step, position) => (
              <li key={step.index} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <h3 className="text-base font-semibold text-slate-900">
                  {METHOD_LABEL[step.method]}
                  {position === 0 && offered.length > 1 ? (
                    <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-700">
                      Suggested
                    </span>
                  ) : null}
                </h3>
                <p className="mt-1 text-base text-slate-700">{methodChoiceLine(step)}</p>
                {step.method === "face_estimation" ? (
                  <p className="mt-2 text-sm text-slate-700" data-testid="face-limit">
                    {faceLimitNote(snapshot.requiredAge, idOffered)}
                  </p>
                ) : null}
                <ActionForm
                  action={props.startAction(step.index)}
                  label={`Start with ${METHOD_PHRASE[step.method]}`}
                  pendingLabel="Starting…"
                  variant={position === 0 ? "primary" : "secondary"}
                  spacing="mt-4"
                />
              </li>
            ))}
          </ul>
          {unavailable.map((step) => (
            <p key={step.index} className="mt-3 text-sm text-slate-600" data-testid="method-unavailable">
              {unavailableChoice(step.method, step.unavailableReason)}
            </p>
          ))}
        </section>
      ) : (
        <>
          <p className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-base text-amber-950">
            None of these checks are available right now, so we can&apos;t confirm your age here. Continue to finish and
            go back to {snapshot.requester}.
          </p>
          <ActionForm action={props.startAction(undefined)} label="Continue" pendingLabel="Finishing…" />
        </>
      )}
      <p className="mt-6 text-sm text-slate-600">
        This link works in this browser only. Please start within {props.minutesLeft} minute
        {props.minutesLeft === 1 ? "" : "s"}.
      </p>
      <LeaveLink href={snapshot.returnTo} requester={snapshot.requester} />
    </>
  );
}
