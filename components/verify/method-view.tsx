import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/verify/action-form";
import { DocumentAndSelfieCapture } from "@/components/verify/document-capture";
import { ImageCapture } from "@/components/verify/image-capture";
import {
  faceLimitNote,
  inconclusiveNote,
  methodChoiceLine,
  methodLabel,
  methodPhrase,
  methodSummary,
  unavailableSentence,
  switchToLabel,
} from "@/components/verify/method-copy";
import { LeaveLink } from "@/components/verify/leave-link";
import { requesterName } from "@/components/verify/requester-name";
import { PhoneHandoff } from "@/components/verify/phone-handoff";
import { SimulatedMethod } from "@/components/verify/simulated-method";
import { SwitchMethodButton } from "@/components/verify/switch-method";
import { card } from "@/components/verify/styles";
import type { FlowTranslator } from "@/lib/verification/locale/translator";
import type { FlowActionState } from "@/lib/edge/actions/action-result";
import { concludedInOrder } from "@/lib/verification/hosted-flow/flow-steps";
import type { FlowSnapshot } from "@/lib/verification/hosted-flow/get-flow-snapshot";
import type { HostedNotice } from "@/lib/verification/hosted-flow/query-schemas";
import type { VerificationMethod } from "@/lib/verification/methods/types";

type Action = (previous: FlowActionState, form: FormData) => Promise<FlowActionState>;

function hostedNotice(t: FlowTranslator, notice: HostedNotice, method: VerificationMethod): string {
  // The check on a provider's page, in the notices' words.
  const check = t("flow.checkName", { method });
  switch (notice) {
    case "check_pending":
      // A document check Stripe is still processing is decided by its webhook: a reload shows it.
      return method === "id_document" ? t("flow.pendingDocument", { check }) : t("flow.pending", { check });
    case "check_error":
      return t("flow.checkError", { check });
    case "check_rejected":
      return t("flow.checkRejected", { check });
  }
}

const PHOTO_TIPS = {
  face_estimation: ["flow.tipsFace1", "flow.tipsFace2", "flow.tipsFace3"],
  id_document: ["flow.tipsDocument1", "flow.tipsDocument2", "flow.tipsDocument3"],
} as const;

/** What changed since the last step, in words: shown on the page and spoken by screen readers. */
export function escalationMessage(t: FlowTranslator, snapshot: FlowSnapshot): string {
  const { steps } = snapshot;
  const current = steps[snapshot.currentMethodIndex];
  if (!current) return "";
  const sentences: string[] = [];
  const lastTried = concludedInOrder(steps, snapshot.concludedMethods).at(-1);
  if (lastTried) {
    sentences.push(
      t("flow.escalated", { from: methodLabel(t, lastTried.method), to: methodPhrase(t, current.method) }),
    );
    const note = inconclusiveNote(t, lastTried.method);
    if (note) sentences.push(note);
  }
  for (const index of snapshot.concludedMethods) {
    const step = steps[index];
    if (step?.state === "skipped") sentences.push(unavailableSentence(t, step.method, step.unavailableReason, true));
  }
  return sentences.join(" ");
}

/** The method the user is on now, with the controls its provider needs. */
export function MethodView(props: {
  snapshot: FlowSnapshot;
  notice?: HostedNotice;
  simulateAction: Action;
  skipAction: Action;
  hostedAction: Action;
  handoffAction: Action;
  mailHandoffAction: Action;
  /** Changes to the method at this index of the session's methods. */
  switchAction: (targetIndex: number) => Action;
}) {
  const { snapshot } = props;
  const t = useTranslations();
  const step = snapshot.steps[snapshot.currentMethodIndex];
  const label = methodLabel(t, step.method);
  const escalation = escalationMessage(t, snapshot);
  const notice = props.notice ? hostedNotice(t, props.notice, step.method) : undefined;
  // Methods the user can still change to, in the session's order: the first is "the next method".
  const untried = snapshot.steps.filter((other) => other.state === "upcoming");
  const others = snapshot.canSwitch ? untried : [];
  const idOffered = others.some((other) => other.method === "id_document");
  const next = others[0];
  const capture = step.takesSelfie ? (
    <DocumentAndSelfieCapture
      key={`${step.index}`}
      uploadUrl={`/verify/session/${snapshot.id}/evidence`}
      expectedIndex={step.index}
      checkUrl={`/verify/session/${snapshot.id}/live-check`}
    />
  ) : (
    <ImageCapture
      key={`${step.index}`}
      uploadUrl={`/verify/session/${snapshot.id}/evidence`}
      expectedIndex={step.index}
      facing={step.method === "face_estimation" ? "user" : "environment"}
      cameraLabel={step.method === "face_estimation" ? t("flow.selfieCamera") : t("flow.useCamera")}
      photoAlt={step.method === "face_estimation" ? t("flow.selfieAlt") : t("flow.documentAlt")}
      faceGuide={
        step.method === "face_estimation"
          ? { checkUrl: step.checkedOnThisServer ? `/verify/session/${snapshot.id}/live-check` : undefined }
          : undefined
      }
      alternative={
        next ? (
          <SwitchMethodButton action={props.switchAction(next.index)} label={switchToLabel(t, next.method)} />
        ) : undefined
      }
    />
  );

  return (
    <>
      <p className="text-sm text-slate-600">
        {t.rich("flow.for", {
          requester: snapshot.requester,
          who: requesterName,
        })}
      </p>
      <h1 className="mt-1 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
        {t("intro.title", { age: snapshot.requiredAge })}
      </h1>

      {escalation ? (
        <p
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-base text-amber-950"
          data-testid="escalation-notice"
        >
          {escalation}
        </p>
      ) : null}
      {notice ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-base text-red-900">
          {notice}
        </p>
      ) : null}

      <section aria-labelledby="flow-focus" className={`mt-5 ${card}`}>
        <h2 id="flow-focus" tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
          {label}
        </h2>
        <p className="mt-2 text-base text-slate-700">{methodSummary(t, step)}</p>
        {step.method === "face_estimation" && step.state === "current" ? (
          <p
            className="mt-3 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-base text-sky-950"
            data-testid="face-limit"
          >
            {faceLimitNote(t, snapshot.requiredAge, idOffered)}
          </p>
        ) : null}

        {step.state === "current_unavailable" ? (
          <>
            <p className="mt-4 text-base text-slate-700">
              {unavailableSentence(t, step.method, step.unavailableReason, false)}
            </p>
            <ActionForm action={props.skipAction} label={t("flow.continue")} pendingLabel={t("flow.continuing")} />
          </>
        ) : step.evidence === "simulated_choice" ? (
          <SimulatedMethod action={props.simulateAction} isLast={untried.length === 0} />
        ) : step.evidence === "image" ? (
          <>
            <ul className="mt-4 list-disc space-y-1 ps-5 text-base text-slate-700">
              {(step.method === "face_estimation" || step.method === "id_document" ? PHOTO_TIPS[step.method] : []).map(
                (tip) => (
                  <li key={tip}>{t(tip)}</li>
                ),
              )}
            </ul>
            {/* The phone a check was handed to is never offered a code to scan. */}
            {snapshot.handedOff ? (
              capture
            ) : (
              <PhoneHandoff action={props.handoffAction} mailAction={props.mailHandoffAction}>
                {capture}
              </PhoneHandoff>
            )}
            <p className="mt-4 text-sm text-slate-600">
              {step.checkedOnThisServer
                ? step.takesSelfie
                  ? t("flow.privacyBuiltInBoth")
                  : t("flow.privacyBuiltIn")
                : t("flow.privacyPartner")}
            </p>
          </>
        ) : step.method === "id_document" ? (
          <>
            <p className="mt-4 text-base text-slate-700">{t("flow.hostedDocument")}</p>
            <ActionForm
              action={props.hostedAction}
              label={t("flow.continueDocument")}
              pendingLabel={t("flow.openingDocument")}
            />
          </>
        ) : (
          <>
            <p className="mt-4 text-base text-slate-700">{t("flow.hostedCard")}</p>
            <ActionForm
              action={props.hostedAction}
              label={t("flow.continueCard")}
              pendingLabel={t("flow.openingCard")}
            />
          </>
        )}
      </section>

      {others.length > 0 ? (
        <section aria-labelledby="other-ways" className="mt-8" data-testid="other-methods">
          <h2 id="other-ways" className="text-base font-semibold text-slate-900">
            {t("flow.otherWays")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("flow.changingFree")}</p>
          <ul className="mt-3 space-y-3">
            {others.map((other) => (
              <li key={other.index} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
                <p className="font-medium text-slate-900">{methodLabel(t, other.method)}</p>
                <p className="mt-1 text-sm text-slate-700">{methodChoiceLine(t, other)}</p>
                <div className="mt-3">
                  <SwitchMethodButton action={props.switchAction(other.index)} label={switchToLabel(t, other.method)} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <LeaveLink href={snapshot.returnTo} requester={snapshot.requester} />
    </>
  );
}
