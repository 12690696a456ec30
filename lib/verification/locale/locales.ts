// The languages the hosted flow speaks. Importable by client and server (no server-only code).

/** The locales a session may ask for (BCP 47, canonical case), English first: the fallback. */
export const SUPPORTED_LOCALES = ["en", "es", "fr", "de", "it", "pt-BR", "nl", "pl", "ja", "ar"] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/**
 * The pseudo-locale: English accented and stretched by about 40%, to catch untranslated text,
 * truncation and concatenation. Offered by the language switch in development and tests only;
 * the API never accepts it.
 */
export const PSEUDO_LOCALE = "en-XA";
export type FlowLocale = SupportedLocale | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: SupportedLocale = "en";

const RIGHT_TO_LEFT = new Set<string>(["ar"]);

export function textDirection(locale: string): "rtl" | "ltr" {
  return RIGHT_TO_LEFT.has(locale) ? "rtl" : "ltr";
}

/** Each language's own name, as the switch lists it. */
export const LOCALE_NAMES: Record<FlowLocale, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  it: "Italiano",
  "pt-BR": "Português (Brasil)",
  nl: "Nederlands",
  pl: "Polski",
  ja: "日本語",
  ar: "العربية",
  [PSEUDO_LOCALE]: "Ƥşéûđó-Éñğļîşĥ",
};

/**
 * A supported locale in canonical case for a well-formed BCP 47 tag, e.g. "pt-br" -> "pt-BR";
 * "malformed" when the tag is not BCP 47, "unsupported" when it is but is not offered.
 */
export function matchSupportedLocale(tag: string): SupportedLocale | "malformed" | "unsupported" {
  let canonical: string;
  try {
    [canonical] = Intl.getCanonicalLocales(tag);
  } catch {
    return "malformed";
  }
  if (!canonical || tag.trim() !== tag) return "malformed";
  return SUPPORTED_LOCALES.find((locale) => locale === canonical) ?? "unsupported";
}

/**
 * The best offered locale for an Accept-Language header: exact tags first, then the language
 * alone ("es-MX" -> "es", "pt" or "pt-PT" -> "pt-BR"), in the header's order of preference.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): SupportedLocale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, position) => {
      const [range, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { range: range.trim(), weight: Number.isFinite(weight) ? weight : 0, position };
    })
    .filter((entry) => entry.range && entry.range !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  for (const { range } of ranked) {
    const exact = matchSupportedLocale(range);
    if (exact !== "malformed" && exact !== "unsupported") return exact;
    const language = range.split("-")[0].toLowerCase();
    const sameLanguage = SUPPORTED_LOCALES.find((locale) => locale.split("-")[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/** A locale the flow may be shown in: the ten, and the pseudo-locale where it is enabled. */
export function isFlowLocale(value: string | undefined, pseudoEnabled: boolean): value is FlowLocale {
  if (!value) return false;
  if (value === PSEUDO_LOCALE) return pseudoEnabled;
  return SUPPORTED_LOCALES.some((locale) => locale === value);
}
