import { ActionForm } from "@/components/verify/action-form";
import { DocumentAndSelfieCapture } from "@/components/verify/document-capture";
import { ImageCapture } from "@/components/verify/image-capture";
import {
  INCONCLUSIVE_NOTE,
  METHOD_LABEL,
  METHOD_PHRASE,
  METHOD_SUMMARY,
  unavailableSentence,
} from "@/components/verify/method-copy";
import { LeaveLink } from "@/components/verify/leave-link";
import { MethodProgress } from "@/components/verify/method-progress";
import { PhoneHandoff } from "@/components/verify/phone-handoff";
import { SimulatedMethod } from "@/components/verify/simulated-method";
import { card } from "@/components/verify/styles";
import type { FlowActionState } from "@/lib/actions/action-result";
import { stepPosition, type FlowStep } from "@/lib/verification/hosted-flow/flow-steps";
import type { FlowSnapshot } from "@/lib/verification/hosted-flow/get-flow-snapshot";
import type { HostedNotice } from "@/lib/verification/hosted-flow/query-schemas";
import type { VerificationMethod } from "@/lib/verification/methods/types";

type Action = (previous: FlowActionState, form: FormData) => Promise<FlowActionState>;

/** The check on a provider's page, in the notices' words. */
const HOSTED_CHECK_NAME: Partial<Record<VerificationMethod, string>> = {
  credit_card: "card check",
  id_document: "document check",
};

function hostedNotice(notice: HostedNotice, method: VerificationMethod): string {
  const check = HOSTED_CHECK_NAME[method] ?? "check";
  switch (notice) {
    case "check_pending":
      // A document check Stripe is still processing is decided by its webhook: a reload shows it.
      return method === "id_document"
        ? `Your ${check} isn't finished yet. If you've finished it, wait a moment and reload this page; otherwise start it again when you're ready.`
        : `Your ${check} isn't finished yet. Start it again when you're ready.`;
    case "check_error":
      return `We couldn't get the result of your ${check}. Please try again.`;
    case "check_rejected":
      return `That ${check} link wasn't valid. Please start the ${check} again.`;
  }
}

const PHOTO_TIPS: Record<string, string[]> = {
  face_estimation: [
    "Face the camera in good light.",
    "Take off sunglasses, hats or masks.",
    "Only you in the picture.",
  ],
  id_document: [
    "Use the side with your photo and date of birth.",
    "Lay it flat; keep all four corners in the picture.",
    "Avoid glare so the text is sharp.",
  ],
};

/** What changed since the last step, in words: shown on the page and spoken by screen readers. */
export function escalationMessage(steps: FlowStep[], currentIndex: number): string {
  const current = steps[currentIndex];
  const earlier = steps.filter((step) => step.index < currentIndex);
  if (!current || earlier.length === 0) return "";
  const sentences: string[] = [];
  const lastTried = [...earlier].reverse().find((step) => step.state === "inconclusive");
  if (lastTried) {
    sentences.push(
      `${METHOD_LABEL[lastTried.method]} couldn't give a clear result, so we've moved you on to ${METHOD_PHRASE[current.method]}.`,
    );
    const note = INCONCLUSIVE_NOTE[lastTried.method];
    if (note) sentences.push(note);
  }
  for (const step of earlier) {
    if (step.state === "skipped") sentences.push(unavailableSentence(step.method, step.unavailableReason, true));
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
}) {
  const { snapshot } = props;
  const step = snapshot.steps[snapshot.currentMethodIndex];
  const { position, total } = stepPosition(snapshot.steps, step.index);
  const label = METHOD_LABEL[step.method];
  const escalation = escalationMessage(snapshot.steps, step.index);
  const notice = props.notice ? hostedNotice(props.notice, step.method) : undefined;

  return (
    <>
      <p className="text-sm text-slate-600">
        For{" "}
        <span className="font-medium text-slate-900" data-testid="requester">
          {snapshot.requester}
        </span>
      </p>
      <h1 className="mt-1 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
        Confirm you&apos;re {snapshot.requiredAge} or older
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
        <p className="text-sm font-medium uppercase tracking-wide text-sky-800">
          Step {position} of {total}
        </p>
        <h2 id="flow-focus" tabIndex={-1} className="mt-1 text-xl font-semibold text-slate-900 outline-none">
          {label}
        </h2>
        <p className="mt-2 text-base text-slate-700">{METHOD_SUMMARY[step.method]}</p>

        {step.state === "current_unavailable" ? (
          <>
            <p className="mt-4 text-base text-slate-700">
              {unavailableSentence(step.method, step.unavailableReason, false)}
            </p>
            <ActionForm action={props.skipAction} label="Continue" pendingLabel="Continuing…" />
          </>
        ) : step.evidence === "simulated_choice" ? (
          <SimulatedMethod action={props.simulateAction} isLast={position === total} />
        ) : step.evidence === "image" ? (
          <>
            <ul className="mt-4 list-disc space-y-1 pl-5 text-base text-slate-700">
              {(PHOTO_TIPS[step.method] ?? []).map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
            {step.takesSelfie ? (
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
                cameraLabel={step.method === "face_estimation" ? "Take a selfie with your camera" : "Use your camera"}
                photoAlt={step.method === "face_estimation" ? "Your selfie" : "Your document photo"}
                faceGuide={
                  step.method === "face_estimation"
                    ? { checkUrl: step.checkedOnThisServer ? `/verify/session/${snapshot.id}/live-check` : undefined }
                    : undefined
                }
              />
            )}
            <PhoneHandoff action={props.handoffAction} />
            <p className="mt-4 text-sm text-slate-600">
              {step.checkedOnThisServer
                ? step.takesSelfie
                  ? "Your photos are checked on our own server, in memory only, and deleted as soon as they have been checked: we read only the dates and the document's type and country, never store your name, number or date of birth, send nothing to anyone else, and the site that sent you learns only whether the check passed."
                  : "Your photo is checked on our own server, in memory only, and deleted as soon as it has been checked: it is never stored or sent to anyone else, and the site that sent you learns only whether the check passed."
                : "Your photo goes to our checking partner for this check only and is deleted as soon as it has been checked. We never store it."}
            </p>
          </>
        ) : step.method === "id_document" ? (
          <>
            <p className="mt-4 text-base text-slate-700">
              You&apos;ll photograph your identity document and take a selfie on our identity partner&apos;s secure
              page, then come back here. We learn only whether you&apos;re old enough, and your document&apos;s details
              are deleted there once the check is done.
            </p>
            <ActionForm
              action={props.hostedAction}
              label="Continue to document check"
              pendingLabel="Opening document check…"
            />
          </>
        ) : (
          <>
            <p className="mt-4 text-base text-slate-700">
              You&apos;ll confirm a credit card on our card partner&apos;s secure page, then come back here. You
              won&apos;t be charged, and we never see your card number.
            </p>
            <ActionForm action={props.hostedAction} label="Continue to card check" pendingLabel="Opening card check…" />
          </>
        )}
      </section>

      <MethodProgress steps={snapshot.steps} heading="Your checks" started />
      <LeaveLink href={snapshot.returnTo} requester={snapshot.requester} />
    </>
  );
}
