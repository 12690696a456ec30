"use client";
import { useTranslations } from "next-intl";
import { useActionState, useEffect, useRef, useSyncExternalStore, startTransition } from "react";
import { useRouter } from "next/navigation";
import { FlowError } from "@/components/verify/action-form";
import { useCameraSupported } from "@/components/verify/camera-photo";
import { WAIT_POLL_MS } from "@/components/verify/refresh-while-waiting";
import { secondaryButton } from "@/components/verify/styles";
import { useMinutes } from "@/components/verify/use-minutes";
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
  const t = useTranslations("handoff");
  // The hand-off link's life (HANDOFF_TTL_SECONDS in lib/verification/hosted-flow/phone-handoff.ts).
  const duration = useMinutes()(5);
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
      <h3 className="text-base font-semibold text-slate-900">{lead ? t("continueOnPhone") : t("ratherPhone")}</h3>
      {lead ? <p className="mt-1 text-base text-slate-700">{t("noCamera")}</p> : null}
      {handoff ? (
        <>
          {lead ? null : <p className="mt-1 text-base text-slate-700">{t("scan", { duration })}</p>}
          <div
            role="img"
            aria-label={t("qrLabel")}
            className="mt-4 w-48 max-w-full rounded-lg border border-slate-200 bg-white p-1 [&>svg]:h-auto [&>svg]:w-full"
            data-testid="handoff-qr"
            dangerouslySetInnerHTML={{ __html: handoff.qrSvg }}
          />
          <p className="mt-3 text-sm text-slate-700">
            {t("cantScan", { duration })}{" "}
            <span dir="ltr" className="break-all font-mono text-base text-slate-900" data-testid="handoff-link">
              {handoff.url}
            </span>
          </p>
          <p role="status" className="mt-3 text-sm text-slate-700">
            {t("waiting")}
          </p>
          <form action={formAction}>
            <button type="submit" className={`mt-3 ${secondaryButton}`} disabled={pending}>
              {pending ? t("makingNew") : t("makeNew")}
            </button>
          </form>
          <form action={mailFormAction} className="mt-5" data-testid="handoff-mail">
            <label htmlFor="handoff-email" className="block text-base font-medium text-slate-900">
              {t("byMail")}
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
                {mailPending ? t("sending") : t("sendLink")}
              </button>
            </div>
            <p role="status" className="mt-2 text-sm text-slate-700">
              {mailState?.ok ? t("sent", { duration }) : ""}
            </p>
            <FlowError message={failureMessage(mailState)} />
          </form>
        </>
      ) : lead ? (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {pending ? t("makingCode") : ""}
        </p>
      ) : (
        <form action={formAction}>
          <p className="mt-1 text-base text-slate-700">{t("byScanning")}</p>
          <button type="submit" className={`mt-3 ${secondaryButton}`} disabled={pending} aria-disabled={pending}>
            {pending ? t("makingCode") : t("continueOnPhone")}
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
      <h3 className="mt-8 border-t border-slate-200 pt-5 text-base font-semibold text-slate-900">{t("orUpload")}</h3>
      {props.children}
    </>
  );
}
