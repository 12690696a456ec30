"use server";
// The hosted flow's language switch. It spends nothing: the cookie carries the choice for this
// browser, the session keeps it (real locales only, not the pseudo-locale) for other devices and
// for retrieve; the page then fetches itself again, where it was (components/verify/language-switch.tsx).
import { getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import type { FlowActionState } from "@/lib/edge/actions/action-result";
import { boundSessionForAction } from "@/lib/edge/api/with-bound-session";
import { env } from "@/lib/platform/env";
import { isFlowLocale, PSEUDO_LOCALE } from "@/lib/verification/locale/locales";
import { pseudoLocaleEnabled } from "@/lib/verification/locale/pseudo-enabled";
import { LOCALE_COOKIE, localeCookieOptions } from "@/lib/verification/locale/request-locale";
import { chooseSessionLocale } from "@/lib/verification/locale/session-locale";

export async function chooseLanguageAction(
  sessionId: string | null,
  _previous: FlowActionState,
  form: FormData,
): Promise<FlowActionState> {
  const locale = form.get("locale");
  if (typeof locale !== "string" || !isFlowLocale(locale, pseudoLocaleEnabled(env()))) {
    return { ok: false, error: (await getTranslations("errors"))("unsupportedLanguage") };
  }
  (await cookies()).set(LOCALE_COOKIE, locale, localeCookieOptions(new URL(env().APP_URL).protocol === "https:"));
  if (sessionId && locale !== PSEUDO_LOCALE) {
    // Another browser's session (or none) is simply not updated: the cookie is this browser's own.
    const session = await boundSessionForAction(sessionId);
    if (session) await chooseSessionLocale(session.id, session.orgId, locale);
  }
  return { ok: true, value: {} };
}
