// Shared class lists of the hosted flow: large touch targets (48 px), visible focus rings. The main
// button takes the organisation's accent colour (--flow-accent, set by VerifyShell; held to WCAG
// AA against its white text when saved).
export const primaryButton =
  "inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-(--flow-accent) px-5 py-3 text-base font-semibold text-white shadow-sm hover:brightness-90 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-700 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto";

/** The primary button when the live checks all pass (the selfie camera's "Take photo"): green, ringed. */
export const readyButton =
  "inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-emerald-700 px-5 py-3 text-base font-semibold text-white shadow-md ring-4 ring-emerald-300 hover:bg-emerald-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 sm:w-auto";

export const secondaryButton =
  "inline-flex min-h-12 w-full items-center justify-center rounded-lg border border-slate-400 bg-white px-5 py-3 text-base font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-sky-700 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto";

export const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";
