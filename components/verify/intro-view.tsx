import { ActionForm } from "@/components/verify/action-form";
import { METHOD_PHRASE } from "@/components/verify/method-copy";
import { LeaveLink } from "@/components/verify/leave-link";
import { MethodProgress } from "@/components/verify/method-progress";
import type { FlowActionState } from "@/lib/actions/action-result";
import type { FlowSnapshot } from "@/lib/verification/hosted-flow/get-flow-snapshot";

/** Before the first method: what is asked, how it will be checked, and the start button. */
export function IntroView(props: {
  snapshot: FlowSnapshot;
  minutesLeft: number;
  startAction: (previous: FlowActionState, form: FormData) => Promise<FlowActionState>;
}) {
  const { snapshot } = props;
  const first = snapshot.steps.find((step) => step.state === "current");
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
        You need to be at least <strong>{snapshot.requiredAge} years old</strong> to continue. It usually takes a minute
        or two.
      </p>

      <MethodProgress steps={snapshot.steps} heading="How we'll check" started={false} />
      {first && snapshot.steps.filter((step) => step.available).length > 1 ? (
        <p className="mt-3 text-sm text-slate-600">
          We start with the first method. If it can&apos;t give a clear result, we move on to the next one
          automatically.
        </p>
      ) : null}

      {first ? (
        <ActionForm
          action={props.startAction}
          label={`Start with ${METHOD_PHRASE[first.method]}`}
          pendingLabel="Starting…"
        />
      ) : (
        <>
          <p className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-base text-amber-950">
            None of these checks are available right now, so we can&apos;t confirm your age here. Continue to finish and
            go back to {snapshot.requester}.
          </p>
          <ActionForm action={props.startAction} label="Continue" pendingLabel="Finishing…" />
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
