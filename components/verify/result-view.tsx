import { METHOD_LABEL } from "@/components/verify/method-copy";
import { ReturnRedirect } from "@/components/verify/return-redirect";
import type { FlowSnapshot } from "@/lib/verification/hosted-flow/get-flow-snapshot";

/** What a result page needs of its session: the first device's page has no more. */
type FinishedSession = Pick<
  FlowSnapshot,
  "status" | "requiredAge" | "outcome" | "mode" | "requester" | "returnTo" | "returnHost"
>;

/** Where the result is shown: the device that did the check, a phone it was handed to, or the computer that handed it. */
export type ResultPlace = "here" | "phone" | "first_device";

/** The words for a finished session; also what the announcer speaks. */
export function resultWords(snapshot: FinishedSession, place: ResultPlace = "here"): { title: string; detail: string } {
  const age = snapshot.requiredAge;
  const where = place === "first_device" ? "Your phone finished the check. " : "";
  if (snapshot.status === "passed") {
    return { title: "Age confirmed", detail: `${where}You've shown that you're ${age} or older.` };
  }
  if (snapshot.outcome?.result === "fail") {
    return {
      title: "We couldn't confirm your age",
      detail: `${where}The check didn't confirm that you're ${age} or older.`,
    };
  }
  return {
    title: "We couldn't confirm your age",
    detail: `${where}None of the available checks could give a clear result.`,
  };
}

/**
 * A short result page, then back to the integrator with session_id appended. On a phone the
 * check was handed to, the page ends there and sends the user back to the first device, which
 * shows the same result and the way back.
 */
export function ResultView({ snapshot, place = "here" }: { snapshot: FinishedSession; place?: ResultPlace }) {
  const passed = snapshot.status === "passed";
  const words = resultWords(snapshot, place);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <div
        aria-hidden="true"
        className={`flex size-12 items-center justify-center rounded-full text-2xl font-bold ${passed ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}
      >
        {passed ? "✓" : "!"}
      </div>
      <h1
        id="flow-focus"
        tabIndex={-1}
        className="mt-4 text-2xl font-bold tracking-tight text-slate-900 outline-none sm:text-3xl"
      >
        {words.title}
      </h1>
      <p className="mt-2 text-base text-slate-700">{words.detail}</p>
      {snapshot.outcome && snapshot.mode === "test" ? (
        <p className="mt-2 text-sm text-slate-600">
          Simulated result from {METHOD_LABEL[snapshot.outcome.method]} (test mode).
        </p>
      ) : null}
      {!passed ? (
        <p className="mt-2 text-base text-slate-700">{snapshot.requester} will tell you what you can do next.</p>
      ) : null}
      {place === "phone" ? (
        <p
          className="mt-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-base text-sky-950"
          data-testid="back-to-first-device"
        >
          You&apos;re done on this phone. Go back to the device where you started: it now shows this result and takes
          you back to {snapshot.requester}.
        </p>
      ) : (
        // Only a pass on the device that did the check returns by itself: after a failure the user
        // reads the reason and chooses to go; on the first device, the user chooses when to go back.
        <ReturnRedirect
          href={snapshot.returnTo}
          host={snapshot.returnHost}
          label={snapshot.requester}
          auto={passed && place === "here"}
        />
      )}
    </div>
  );
}
