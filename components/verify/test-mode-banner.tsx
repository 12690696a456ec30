import { useTranslations } from "next-intl";

export function TestModeBanner() {
  const t = useTranslations("shell");
  return (
    <div
      role="note"
      aria-label={t("testModeLabel")}
      className="border-b-2 border-amber-500 bg-amber-200 text-amber-950"
    >
      <p className="mx-auto max-w-xl px-4 py-2 text-sm">
        <strong className="me-1 font-bold tracking-wide">{t("testModeStrong")}</strong>
        {t("testModeBody")}
      </p>
    </div>
  );
}
