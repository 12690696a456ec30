import { useTranslations } from "next-intl";
import { methodLabel } from "@/components/verify/method-copy";
import { ReturnRedirect } from "@/components/verify/return-redirect";
import type { FlowTranslator } from "@/lib/verification/locale/translator";
import type { FlowSnapshot } from "@/lib/verification/hosted-flow/get-flow-snapshot";

/** What a result page needs of its session: the first device's page has no more. */
type FinishedSession = Pick<
  FlowSnapshot,
  "status" | "requiredAge" | "outcome" | "mode" | "requester" | "returnTo" | "returnHost"
>;

/** Where the result is shown: the device that did the check, a phone it was handed to, or the computer that handed it. */
export type ResultPlace = "here" | "phone" | "first_device";

/** The words for a finished session; also what the announcer speaks. */
export function resultWords(
  t: FlowTranslator,
  snapshot: FinishedSession,
  place: ResultPlace = "here",
): { title: string; detail: string } {
  const age = snapshot.requiredAge;
  const where = place === "first_device" ? `${t("result.phoneFinished")} ` : "";
  if (snapshot.status === "passed") {
    return { title: t("result.confirmed"), detail: where + t("result.passed", { age }) };
  }
  return {
    title: t("result.notConfirmed"),
    detail: where + (snapshot.outcome?.result === "fail" ? t("result.failed", { age }) : t("result.noClearResult")),
  };
}

/**
 * A short result page, then back to the integrator with session_id appended. On a phone the
 * check was handed to, the page ends there and sends the user back to the first device, which
 * shows the same result and the way back.
 */
export function ResultView({ snapshot, place = "here" }: { snapshot: FinishedSession; place?: ResultPlace }) {
  const t = useTranslations();
  const passed = snapshot.status === "passed";
  const words = resultWords(t, snapshot, place);
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <div
        aria-hidden="true"
        className={`flex size-12 items-center justify-center rounded-full text-2xl font-bold ${passed ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}
      >
        {/* eslint-disable-next-line i18next/no-literal-string -- a decorative mark, hidden from screen readers */}
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
          {t("result.simulated", { method: methodLabel(t, snapshot.outcome.method) })}
        </p>
      ) : null}
      {!passed ? (
        <p className="mt-2 text-base text-slate-700">{t("result.nextSteps", { requester: snapshot.requester })}</p>
      ) : null}
      {place === "phone" ? (
        <p
          className="mt-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-base text-sky-950"
          data-testid="back-to-first-device"
        >
          {t("result.doneOnPhone", { requester: snapshot.requester })}
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
