"use client";
import { useRouter } from "next/navigation";
import { useActionState, useEffect } from "react";
import { FlowError } from "@/components/verify/action-form";
import { useCameraSupported } from "@/components/verify/image-capture";
import { secondaryButton } from "@/components/verify/styles";
import { failureMessage, type FlowActionState } from "@/lib/actions/action-result";

/** How often the computer's page looks whether the phone has taken the check over. */
const POLL_MS = 3000;

/**
 * "Continue on your phone": a QR code of a single-use hand-off link. While it is shown the page
 * refreshes itself, so once the phone opens the link this page says the check moved there.
 */
export function PhoneHandoff(props: {
  action: (previous: FlowActionState, form: FormData) => Promise<FlowActionState>;
}) {
  const [state, formAction, pending] = useActionState(props.action, null);
  const cameraSupported = useCameraSupported();
  const router = useRouter();
  const handoff = state?.ok ? state.value.handoff : undefined;
  useEffect(() => {
    if (!handoff) return;
    const timer = window.setInterval(() => router.refresh(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [handoff, router]);

  return (
    <div className="mt-6 border-t border-slate-200 pt-5" data-testid="phone-handoff">
      <h3 className="text-base font-semibold text-slate-900">
        {cameraSupported ? "Rather use your phone?" : "No camera here?"}
      </h3>
      {handoff ? (
        <>
          <p className="mt-1 text-base text-slate-700">
            Scan this code with your phone&apos;s camera to continue there. It works once, for the next 5 minutes.
          </p>
          <div
            role="img"
            aria-label="QR code of the link to continue on your phone"
            className="mt-4 w-48 max-w-full rounded-lg border border-slate-200 bg-white p-1 [&>svg]:h-auto [&>svg]:w-full"
            data-testid="handoff-qr"
            dangerouslySetInnerHTML={{ __html: handoff.qrSvg }}
          />
          <p className="mt-3 text-sm text-slate-600">
            Can&apos;t scan? Open this link on your phone:{" "}
            <span className="break-all font-mono text-slate-900" data-testid="handoff-link">
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
        </>
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
}
