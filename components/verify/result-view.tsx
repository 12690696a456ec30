import { METHOD_LABEL } from "@/components/verify/method-copy";
import { ReturnRedirect } from "@/components/verify/return-redirect";
import type { FlowSnapshot } from "@/lib/verification/hosted-flow/get-flow-snapshot";

/** The words for a finished session; also what the announcer speaks. */
export function resultWords(snapshot: FlowSnapshot): { title: string; detail: string } {
  const age = snapshot.requiredAge;
  if (snapshot.status === "passed") {
    return { title: "Age confirmed", detail: `You've shown that you're ${age} or older.` };
  }
  if (snapshot.outcome?.result === "fail") {
    return { title: "We couldn't confirm your age", detail: `The check didn't confirm that you're ${age} or older.` };
  }
  return {
    title: "We couldn't confirm your age",
    detail: "None of the available checks could give a clear result.",
  };
}

/** A short result page, then back to the integrator with session_id appended. */
export function ResultView({ snapshot }: { snapshot: FlowSnapshot }) {
  const passed = snapshot.status === "passed";
  const words = resultWords(snapshot);
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
      {/* Only a pass returns by itself: after a failure the user reads the reason and chooses to go. */}
      <ReturnRedirect href={snapshot.returnTo} host={snapshot.returnHost} label={snapshot.requester} auto={passed} />
    </div>
  );
}
