import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/verify/action-form";
import {
  faceLimitNote,
  methodChoiceLine,
  methodLabel,
  methodPhrase,
  unavailableChoice,
} from "@/components/verify/method-copy";
import { LeaveLink } from "@/components/verify/leave-link";
import { requesterName } from "@/components/verify/requester-name";
import { useMinutes } from "@/components/verify/use-minutes";
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
  /** When the link stops working: said as a duration in the user's language ("18 minutes"). */
  minutesLeft: number;
  /** Starts the method at this index of the session's methods; undefined: none can run. */
  startAction: (methodIndex: number | undefined) => Action;
}) {
  const { snapshot } = props;
  const offered = snapshot.steps.filter((step) => step.available);
  const unavailable = snapshot.steps.filter((step) => !step.available);
  const idOffered = offered.some((step) => step.method === "id_document");
  const root = useTranslations();
  const t = useTranslations("intro");
  const duration = useMinutes()(props.minutesLeft);
  const age = snapshot.requiredAge;
  return (
    <>
      <p className="text-sm text-slate-600">
        {t.rich("asks", {
          requester: snapshot.requester,
          who: requesterName,
        })}
      </p>
      <h1
        id="flow-focus"
        tabIndex={-1}
        className="mt-2 text-2xl font-bold tracking-tight text-slate-900 outline-none sm:text-3xl"
      >
        {t("title", { age })}
      </h1>
      <p className="mt-3 text-base text-slate-700">
        {t.rich("needAge", { age, strong: (chunks) => <strong>{chunks}</strong> })}
      </p>

      {offered.length > 0 ? (
        <section aria-labelledby="choose-heading" className="mt-6">
          <h2 id="choose-heading" className="text-lg font-semibold text-slate-900">
            {offered.length > 1 ? t("chooseHeading") : t("needHeading")}
          </h2>
          {offered.length > 1 ? <p className="mt-1 text-sm text-slate-600">{t("changeAnytime")}</p> : null}
          <ul className="mt-3 space-y-3" data-testid="method-choices">
            {offered.map((step, position) => (
              <li key={step.index} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
                <h3 className="text-base font-semibold text-slate-900">
                  {methodLabel(root, step.method)}
                  {position === 0 && offered.length > 1 ? (
                    <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-700">
                      {t("suggested")}
                    </span>
                  ) : null}
                </h3>
                <p className="mt-1 text-base text-slate-700">{methodChoiceLine(root, step)}</p>
                {step.method === "face_estimation" ? (
                  <p className="mt-2 text-sm text-slate-700" data-testid="face-limit">
                    {faceLimitNote(root, age, idOffered)}
                  </p>
                ) : null}
                <ActionForm
                  action={props.startAction(step.index)}
                  label={t("startWith", { method: methodPhrase(root, step.method) })}
                  pendingLabel={t("starting")}
                  variant={position === 0 ? "primary" : "secondary"}
                  spacing="mt-4"
                />
              </li>
            ))}
          </ul>
          {unavailable.map((step) => (
            <p key={step.index} className="mt-3 text-sm text-slate-600" data-testid="method-unavailable">
              {unavailableChoice(root, step.method, step.unavailableReason)}
            </p>
          ))}
        </section>
      ) : (
        <>
          <p className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-base text-amber-950">
            {t("noneAvailable", { requester: snapshot.requester })}
          </p>
          <ActionForm action={props.startAction(undefined)} label={t("continue")} pendingLabel={t("finishing")} />
        </>
      )}
      <p className="mt-6 text-sm text-slate-600" data-testid="start-within">
        {t("startWithin", { duration })}
      </p>
      <LeaveLink href={snapshot.returnTo} requester={snapshot.requester} />
    </>
  );
}
