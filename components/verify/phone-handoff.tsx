"use client";
import { useActionState, useEffect, useRef, useSyncExternalStore, startTransition } from "react";
import { useRouter } from "next/navigation";
import { FlowError } from "@/components/verify/action-form";
import { useCameraSupported } from "@/components/verify/image-capture";
import { WAIT_POLL_MS } from "@/components/verify/refresh-while-waiting";
import { secondaryButton } from "@/components/verify/styles";
import { failureMessage, type FlowActionState } from "@/lib/edge/actions/action-result";

type Action = (previous: FlowActionState, form: FormData) => Promise<FlowActionState>;

const noSubscription = () => () => {};
// A phone or tablet: the device to scan with, never one to show a code on.
const isHandheld = () =>
  /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent) ||
  (navigator.maxTouchPoints > 1 && window.matchMedia("(pointer: coarse)").matches);

/**
 * The capture (children) and "continue on your phone": a QR code and a short single-use link.
 * A computer without a camera leads with the code, made at once; one with a camera offers it
 * below the capture; a phone or tablet is never offered one. While a code is shown the page
 * looks every WAIT_POLL_MS whether the phone has taken the check over.
 */
export function PhoneHandoff(props: { action: Action; mailAction: Action; children: React.ReactNode }) {
  const [state, formAction, pending] = useActionState(props.action, null);
  const [mailState, mailFormAction, mailPending] = useActionState(props.mailAction, null);
  // Known only in the browser: the server render (and hydration) assume a computer without a camera.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const handheld = useSyncExternalStore(noSubscription, isHandheld, () => false);
  const cameraSupported = useCameraSupported();
  const lead = hydrated && !cameraSupported && !handheld;
  const router = useRouter();
  // The newest code: from the button, or from sending the link by mail (which makes a new one).
  const latest = mailState?.ok && mailState.value.handoff ? mailState : state;
  const handoff = latest?.ok ? latest.value.handoff : undefined;
  const made = useRef(false);
  useEffect(() => {
    if (!lead || made.current) return;
    made.current = true;
    startTransition(() => formAction(new FormData()));
  }, [lead, formAction]);
  useEffect(() => {
    if (!handoff) return;
    const timer = window.setInterval(() => router.refresh(), WAIT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [handoff, router]);

  if (hydrated && handheld) return <>{props.children}</>;

  const panel = (
    <div className={lead ? "mt-5" : "mt-6 border-t border-slate-200 pt-5"} data-testid="phone-handoff">
      <h3 className="text-base font-semibold text-slate-900">
        {lead ? "Continue on your phone" : "Rather use your phone?"}
      </h3>
      {lead ? (
        <p className="mt-1 text-base text-slate-700">
          This device has no camera we can use. Scan this code with your phone&apos;s camera to do the check there; this
          page shows the result when you&apos;re done.
        </p>
      ) : null}
      {handoff ? (
        <>
          {lead ? null : (
            <p className="mt-1 text-base text-slate-700">
              Scan this code with your phone&apos;s camera to continue there. It works once, for the next 5 minutes.
            </p>
          )}
          <div
            role="img"
            aria-label="QR code of the link to continue on your phone"
            className="mt-4 w-48 max-w-full rounded-lg border border-slate-200 bg-white p-1 [&>svg]:h-auto [&>svg]:w-full"
            data-testid="handoff-qr"
            dangerouslySetInnerHTML={{ __html: handoff.qrSvg }}
          />
          <p className="mt-3 text-sm text-slate-700">
            Can&apos;t scan? Type this link on your phone (it works once, for 5 minutes):{" "}
            <span className="break-all font-mono text-base text-slate-900" data-testid="handoff-link">
              {handoff.url}
            </span>
          </p>
          <p role="status" className="mt-3 text-sm text-slate-700">
            Waiting for your phone… this page updates by itself.
          </p>
          <form action={formAction}>
            <button type="submit" className={`mt-3 ${secondaryButton}`} disabled={pending}>
              {pending ? "Making a new code…" : "Make a new code"}
            </button>
          </form>
          <form action={mailFormAction} className="mt-5" data-testid="handoff-mail">
            <label htmlFor="handoff-email" className="block text-base font-medium text-slate-900">
              Or send me the link by email
            </label>
            <div className="mt-2 flex flex-col gap-3 sm:flex-row">
              <input
                id="handoff-email"
                name="email"
                type="email"
                required
                autoComplete="email"
                maxLength={254}
                className="min-h-12 w-full rounded-lg border border-slate-400 px-3 text-base text-slate-900 sm:flex-1"
              />
              <button type="submit" className={secondaryButton} disabled={mailPending}>
                {mailPending ? "Sending…" : "Send me the link"}
              </button>
            </div>
            <p role="status" className="mt-2 text-sm text-slate-700">
              {mailState?.ok ? "Sent. Open the mail on your phone; the link works once, for 5 minutes." : ""}
            </p>
            <FlowError message={failureMessage(mailState)} />
          </form>
        </>
      ) : lead ? (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {pending ? "Making a code…" : ""}
        </p>
      ) : (
        <form action={formAction}>
          <p className="mt-1 text-base text-slate-700">Continue this check on your phone by scanning a code.</p>
          <button type="submit" className={`mt-3 ${secondaryButton}`} disabled={pending} aria-disabled={pending}>
            {pending ? "Making a code…" : "Continue on your phone"}
          </button>
        </form>
      )}
      <FlowError message={failureMessage(state)} />
    </div>
  );
  if (!lead) {
    return (
      <>
        {props.children}
        {panel}
      </>
    );
  }
  return (
    <>
      {panel}
      <h3 className="mt-8 border-t border-slate-200 pt-5 text-base font-semibold text-slate-900">
        Or upload a photo from this device
      </h3>
      {props.children}
    </>
  );
}
