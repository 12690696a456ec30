import { FocusOnChange } from "@/components/verify/focus-on-change";
import { TestModeBanner } from "@/components/verify/test-mode-banner";
import type { KeyMode } from "@/lib/account/keys/key-mode";
import type { FlowBranding } from "@/lib/verification/hosted-flow/branding";

/** The accent without a brand colour: Tailwind's sky-800, as before branding. */
const DEFAULT_ACCENT = "#075985";

/**
 * Frame of every hosted-flow page. The announcer and the focus manager sit here, outside the
 * per-state content, so they survive the re-render after each step: screen readers hear what
 * changed, and keyboard focus lands on the new step's heading. The header leads with the
 * organisation that asked (logo and name, when the page knows it); this product's name is in
 * the footer only.
 */
export function VerifyShell(props: {
  brand?: FlowBranding;
  mode?: KeyMode;
  requiredAge?: number;
  /** Spoken by screen readers when it changes (a polite live region, visually hidden). */
  announcement?: string;
  /** Changes whenever the page shows a new step; focus then moves to #flow-focus. */
  focusKey?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      className="flex min-h-dvh flex-col"
      style={{ "--flow-accent": props.brand?.color ?? DEFAULT_ACCENT } as React.CSSProperties}
    >
      <a
        href="#flow-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:outline-2 focus:outline-sky-700"
      >
        Skip to content
      </a>
      {props.mode === "test" ? <TestModeBanner /> : null}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-3 px-4 py-3">
          <p className="flex min-w-0 items-center gap-3 text-base font-semibold text-slate-900" data-testid="brand">
            {props.brand?.logo ? (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URL of the organisation's rasterised logo
              <img src={props.brand.logo} alt="" className="h-8 w-auto max-w-32 object-contain" />
            ) : null}
            <span className="truncate">{props.brand?.name ?? "Age check"}</span>
            {props.brand ? <span className="sr-only">: age check</span> : null}
          </p>
          {props.requiredAge ? (
            <p className="rounded-full bg-slate-900 px-3 py-1 text-sm font-semibold text-white">
              <span className="sr-only">Minimum age: </span>
              {props.requiredAge}+
            </p>
          ) : null}
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
          <p>
            Photos and document images are used only for this check and deleted as soon as it is done. We never store
            them.
          </p>
          <p className="mt-2 font-medium text-slate-700" data-testid="secured-by">
            Secured by Voiceage
          </p>
        </div>
      </footer>
    </div>
  );
}
