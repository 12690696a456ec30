"use client";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("result");
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
            ? t("stopped")
            : remaining > 0
              ? t("returningIn", { label, seconds: remaining })
              : t("returning", { label })}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <a href={href} className={primaryButton} data-testid="return-link" title={host}>
          {t("returnTo", { label })}
        </a>
        {!stopped ? (
          <button type="button" className={secondaryButton} onClick={() => setStopped(true)}>
            {t("stay")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
