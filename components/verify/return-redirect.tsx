"use client";
import { useEffect, useState } from "react";
import { primaryButton, secondaryButton } from "@/components/verify/styles";

const DELAY_SECONDS = 3;

/**
 * Sends the user back to the integrator after a short pause to read the result. The link works
 * where scripts or redirects are blocked, and "Stay on this page" stops the timer for anyone who
 * needs longer (WCAG 2.2.1).
 */
export function ReturnRedirect({ href, host }: { href: string; host: string }) {
  const [remaining, setRemaining] = useState(DELAY_SECONDS);
  const [stopped, setStopped] = useState(false);
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
      <p className="text-base text-slate-700" aria-live="off">
        {stopped
          ? `Automatic return stopped. Use the button when you're ready.`
          : remaining > 0
            ? `Returning you to ${host} in ${remaining} second${remaining === 1 ? "" : "s"}…`
            : `Returning you to ${host}…`}
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <a href={href} className={primaryButton} data-testid="return-link">
          Return to {host}
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
