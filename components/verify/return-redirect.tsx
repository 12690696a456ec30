"use client";
import { useEffect, useState } from "react";
import { primaryButton, secondaryButton } from "@/components/verify/styles";
import { RETURN_DELAY_SECONDS } from "@/lib/verification/hosted-flow/return-url";

/**
 * The way back to the integrator with session_id appended. With `auto` (a pass) it also returns
 * by itself after RETURN_DELAY_SECONDS, which "Stay on this page" stops; without it (a failed or
 * inconclusive result) the user reads the reason and chooses when to go. The link works where
 * scripts or redirects are blocked.
 */
export function ReturnRedirect({
  href,
  host,
  label,
  auto,
}: {
  href: string;
  host: string;
  label: string;
  auto: boolean;
}) {
  const [remaining, setRemaining] = useState(RETURN_DELAY_SECONDS);
  const [stopped, setStopped] = useState(!auto);
  useEffect(() => {
    if (stopped) return;
    if (remaining <= 0) {
      window.location.assign(href);
      return;
    }
    const timer = window.setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining, stopped, href]);
  return (
    <div className="mt-6">
      {auto ? (
        <p className="text-base text-slate-700" aria-live="off">
          {stopped
            ? `Automatic return stopped. Use the button when you're ready.`
            : remaining > 0
              ? `Returning you to ${label} in ${remaining} second${remaining === 1 ? "" : "s"}…`
              : `Returning you to ${label}…`}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <a href={href} className={primaryButton} data-testid="return-link" title={host}>
          Return to {label}
        </a>
        {!stopped ? (
          <button type="button" className={secondaryButton} onClick={() => setStopped(true)}>
            Stay on this page
          </button>
        ) : null}
      </div>
    </div>
  );
}
