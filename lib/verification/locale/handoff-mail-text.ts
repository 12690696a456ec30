import "server-only";
import { createTranslator } from "next-intl";
import { loadMessages } from "@/lib/verification/locale/catalogues";
import type { FlowLocale } from "@/lib/verification/locale/locales";

/** The hand-off mail in the language the user was reading when they asked for it. */
export async function handoffMailText(locale: FlowLocale, url: string, minutes: number) {
  const t = createTranslator({ locale, messages: await loadMessages(locale), namespace: "mail" });
  const duration = new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "long" }).format(
    minutes,
  );
  return { subject: t("handoffSubject"), text: t("handoffBody", { url, duration }) };
}
