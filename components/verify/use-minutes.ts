import { useFormatter, useLocale } from "next-intl";
import { accent } from "@/lib/verification/locale/accent";
import { PSEUDO_LOCALE } from "@/lib/verification/locale/locales";

/**
 * A number of minutes as the user's language says it ("18 minutes", "18 Minuten", "18分"), by
 * Intl. The runtime has no data for the pseudo-locale, so its English is accented like the rest.
 */
export function useMinutes(): (minutes: number) => string {
  const format = useFormatter();
  const locale = useLocale();
  return (minutes) => {
    const text = format.number(minutes, { style: "unit", unit: "minute", unitDisplay: "long" });
    return locale === PSEUDO_LOCALE ? accent(text) : text;
  };
}
