import { useTranslations } from "next-intl";

/** The camera view's guide for a document photo: a card-shaped frame to fit the document in. */
export function DocumentGuideOverlay() {
  const t = useTranslations("capture");
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0" data-testid="document-guide">
      <div className="absolute inset-0 flex items-center justify-center">
        {/* ID-1 cards and passport data pages are about 1.42 to 1.59 wide per high: 3:2 fits both. */}
        <div className="aspect-[3/2] w-[86%] rounded-xl border-4 border-dashed border-white/90 shadow-[0_0_0_100vmax_rgba(15,23,42,0.45)]" />
      </div>
      <p className="absolute inset-x-0 top-2 text-center">
        <span className="rounded-full bg-slate-950/70 px-3 py-1 text-sm font-medium text-white">
          {t("documentFrame")}
        </span>
      </p>
    </div>
  );
}

/**
 * Under the camera view, not over it: over the preview it hid the very lines at the bottom of the
 * document that it asks to keep sharp.
 */
export function DocumentGuideHint() {
  const t = useTranslations("capture");
  return (
    <p className="mt-3 text-sm font-medium text-slate-800" data-testid="document-hint">
      {t("documentHint")}
    </p>
  );
}
