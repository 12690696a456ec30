import { useTranslations } from "next-intl";
import { chooseLanguageAction } from "@/lib/edge/actions/language-actions";
import { FocusOnChange } from "@/components/verify/focus-on-change";
import { LanguageSwitch } from "@/components/verify/language-switch";
import { TestModeBanner } from "@/components/verify/test-mode-banner";
import { env } from "@/lib/platform/env";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import type { FlowBranding } from "@/lib/verification/hosted-flow/branding";
import { PSEUDO_LOCALE, SUPPORTED_LOCALES, type FlowLocale } from "@/lib/verification/locale/locales";
import { pseudoLocaleEnabled } from "@/lib/verification/locale/pseudo-enabled";

/** The accent without a brand colour: Tailwind's sky-800, as before branding. */
const DEFAULT_ACCENT = "#075985";

/**
 * Frame of every hosted-flow page. The announcer and the focus manager sit here, outside the
 * per-state content, so they survive the re-render after each step: screen readers hear what
 * changed, and keyboard focus lands on the new step's heading. The header leads with the
 * organisation that asked (logo and name, when the page knows it); this product's name is in
 * the footer only. The language switch sits in the header on every page.
 */
export function VerifyShell(props: {
  /** The session this browser holds, whose locale the language switch also sets. */
  sessionId?: string;
  brand?: FlowBranding;
  mode?: KeyMode;
  requiredAge?: number;
  /** Spoken by screen readers when it changes (a polite live region, visually hidden). */
  announcement?: string;
  /** Changes whenever the page shows a new step; focus then moves to #flow-focus. */
  focusKey?: string;
  children: React.ReactNode;
}) {
  const t = useTranslations("shell");
  const locales: FlowLocale[] = pseudoLocaleEnabled(env())
    ? [...SUPPORTED_LOCALES, PSEUDO_LOCALE]
    : [...SUPPORTED_LOCALES];
  // The merchant's accent as a CSS custom property, which React.CSSProperties does not list.
  const accent: React.CSSProperties & Record<"--flow-accent", string> = {
    "--flow-accent": props.brand?.color ?? DEFAULT_ACCENT,
  };
  return (
    <div className="flex min-h-dvh flex-col" style={accent}>
      <a
        href="#flow-main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:outline-2 focus:outline-sky-700"
      >
        {t("skip")}
      </a>
      {props.mode === "test" ? <TestModeBanner /> : null}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-3 px-4 py-3">
          <p className="flex min-w-0 items-center gap-3 text-base font-semibold text-slate-900" data-testid="brand">
            {props.brand?.logo ? (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URL of the organisation's rasterised logo
              <img src={props.brand.logo} alt="" className="h-8 w-auto max-w-32 object-contain" />
            ) : null}
            <span className="truncate">{props.brand?.name ?? t("title")}</span>
            {props.brand ? <span className="sr-only">{t("brandAgeCheck")}</span> : null}
          </p>
          <div className="flex shrink-0 items-center gap-2">
            <LanguageSwitch action={chooseLanguageAction.bind(null, props.sessionId ?? null)} locales={locales} />
            {props.requiredAge ? (
              <p className="rounded-full bg-slate-900 px-3 py-1 text-sm font-semibold text-white">
                <span className="sr-only">{t("minimumAge")} </span>
                {/* The age, then the plus: "18+" reads the same way in every script. */}
                <bdi dir="ltr">{props.requiredAge}+</bdi>
              </p>
            ) : null}
          </div>
        </div>
      </header>
      <main id="flow-main" className="mx-auto w-full max-w-xl flex-1 px-4 pb-10 pt-6 sm:pt-10">
        <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="flow-announcer">
          {props.announcement ?? ""}
        </div>
        <FocusOnChange focusKey={props.focusKey ?? ""} />
        {props.children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-xl px-4 py-4 text-sm text-slate-600">
          <p>{t("privacy")}</p>
          <p className="mt-2 font-medium text-slate-700" data-testid="secured-by">
            {t("securedBy", { product: "Voiceage" })}
          </p>
        </div>
      </footer>
    </div>
  );
}
