// The message catalogues of the hosted flow, one per locale (messages/<locale>.json, ICU).
import en from "@/messages/en.json";
import { pseudoCatalogue } from "@/lib/verification/locale/pseudo-locale";
import { PSEUDO_LOCALE, type FlowLocale, type SupportedLocale } from "@/lib/verification/locale/locales";

export type Messages = typeof en;

const loaders: Record<SupportedLocale, () => Promise<{ default: Messages }>> = {
  en: async () => ({ default: en }),
  es: () => import("@/messages/es.json"),
  fr: () => import("@/messages/fr.json"),
  de: () => import("@/messages/de.json"),
  it: () => import("@/messages/it.json"),
  "pt-BR": () => import("@/messages/pt-BR.json"),
  nl: () => import("@/messages/nl.json"),
  pl: () => import("@/messages/pl.json"),
  ja: () => import("@/messages/ja.json"),
  ar: () => import("@/messages/ar.json"),
};

let pseudo: Messages | undefined;

export async function loadMessages(locale: FlowLocale): Promise<Messages> {
  // Cast: the pseudo-locale keeps every key and ICU argument of en (its unit test checks), which
  // pseudoCatalogue's generic catalogue type cannot say.
  if (locale === PSEUDO_LOCALE) return (pseudo ??= pseudoCatalogue(en) as Messages);
  return (await loaders[locale]()).default;
}
