import { ActionForm } from "@/components/verify/action-form";
import { DocumentAndSelfieCapture } from "@/components/verify/document-capture";
import { ImageCapture } from "@/components/verify/image-capture";
import {
  faceLimitNote,
  INCONCLUSIVE_NOTE,
  methodChoiceLine,
  METHOD_LABEL,
  METHOD_PHRASE,
  methodSummary,
  unavailableSentence,
  USE_INSTEAD,
} from "@/components/verify/method-copy";
import { LeaveLink } from "@/components/verify/leave-link";
import { PhoneHandoff } from "@/components/verify/phone-handoff";
import { SimulatedMethod } from "@/components/verify/simulated-method";
import { SwitchMethodButton } from "@/components/verify/switch-method";
import { card } from "@/components/verify/styles";
import type { FlowActionState } from "@/lib/edge/actions/action-result";
import { concludedInOrder } from "@/lib/verification/hosted-flow/flow-steps";
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
    "Photograph the page with your photo and the lines of letters and <<< at its foot.",
    "Lay it flat; keep all four corners in the picture.",
    "Avoid glare so the text is sharp.",
  ],
};

/** What changed since the last step, in words: shown on the page and spoken by screen readers. */
export function escalationMessage(snapshot: FlowSnapshot): string {
  const { steps } = snapshot;
  const current = steps[snapshot.currentMethodIndex];
  if (!current) return "";
  const sentences: string[] = [];
  const lastTried = concludedInOrder(steps, snapshot.concludedMethods).at(-1);
  if (lastTried) {
    sentences.push(
      `${METHOD_LABEL[lastTried.method]} couldn't give a clear result, so we've moved you on to ${METHOD_PHRASE[current.method]}.`,
    );
    const note = INCONCLUSIVE_NOTE[lastTried.method];
    if (note) sentences.push(note);
  }
  for (const index of snapshot.concludedMethods) {
    const step = steps[index];
    if (step?.state === "skipped") sentences.push(unavailableSentence(step.method, step.unavailableReason, true));
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
  const step = snapshot.steps[snapshot.currentMethodIndex];
  const label = METHOD_LABEL[step.method];
  const escalation = escalationMessage(snapshot);
  const notice = props.notice ? hostedNotice(props.notice, step.method) : undefined;
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
      cameraLabel={step.method === "face_estimation" ? "Take a selfie with your camera" : "Use your camera"}
      photoAlt={step.method === "face_estimation" ? "Your selfie" : "Your document photo"}
      faceGuide={
        step.method === "face_estimation"
          ? { checkUrl: step.checkedOnThisServer ? `/verify/session/${snapshot.id}/live-check` : undefined }
          : undefined
      }
      alternative={
        next ? (
          <SwitchMethodButton action={props.switchAction(next.index)} label={USE_INSTEAD[next.method]} />
        ) : undefined
      }
    />
  );

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
        <h2 id="flow-focus" tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
          {label}
        </h2>
        <p className="mt-2 text-base text-slate-700">{methodSummary(step)}</p>
        {step.method === "face_estimation" && step.state === "current" ? (
          <p
            className="mt-3 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-base text-sky-950"
            data-testid="face-limit"
          >
            {faceLimitNote(snapshot.requiredAge, idOffered)}
          </p>
        ) : null}

        {step.state === "current_unavailable" ? (
          <>
            <p className="mt-4 text-base text-slate-700">
              {unavailableSentence(step.method, step.unavailableReason, false)}
            </p>
            <ActionForm action={props.skipAction} label="Continue" pendingLabel="Continuing…" />
          </>
        ) : step.evidence === "simulated_choice" ? (
          <SimulatedMethod action={props.simulateAction} isLast={untried.length === 0} />
        ) : step.evidence === "image" ? (
          <>
            <ul className="mt-4 list-disc space-y-1 pl-5 text-base text-slate-700">
              {(PHOTO_TIPS[step.method] ?? []).map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
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

      {others.length > 0 ? (
        <section aria-labelledby="other-ways" className="mt-8" data-testid="other-methods">
          <h2 id="other-ways" className="text-base font-semibold text-slate-900">
            Other ways to confirm your age
          </h2>
          <p className="mt-1 text-sm text-slate-600">Changing costs you no try.</p>
          <ul className="mt-3 space-y-3">
            {others.map((other) => (
              <li key={other.index} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
                <p className="font-medium text-slate-900">{METHOD_LABEL[other.method]}</p>
                <p className="mt-1 text-sm text-slate-700">{methodChoiceLine(other)}</p>
                <div className="mt-3">
                  <SwitchMethodButton action={props.switchAction(other.index)} label={USE_INSTEAD[other.method]} />
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
