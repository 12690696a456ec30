// Which locale a hosted-flow request is shown in: the language cookie (set when a hosted link is
// opened, from the session's locale, and by the language switch), then Accept-Language, then
// English. Resolved once in proxy.ts and passed on in a request header the client cannot set.
import {
  DEFAULT_LOCALE,
  isFlowLocale,
  localeFromAcceptLanguage,
  type FlowLocale,
} from "@/lib/verification/locale/locales";

export const FLOW_LOCALE_HEADER = "x-flow-locale";
export const LOCALE_COOKIE = "verify_locale";

/** The paths that speak the user's language: the hosted flow and its link pages. */
export function isFlowPath(pathname: string): boolean {
  return pathname === "/verify" || pathname.startsWith("/verify/");
}

export function resolveFlowLocale(input: {
  cookie: string | undefined;
  acceptLanguage: string | null;
  pseudoEnabled: boolean;
}): FlowLocale {
  if (isFlowLocale(input.cookie, input.pseudoEnabled)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The header proxy.ts set; anything else (a page outside the flow) is English. */
export function flowLocaleFromHeader(value: string | null): FlowLocale {
  const tag = value ?? undefined;
  return isFlowLocale(tag, true) ? tag : DEFAULT_LOCALE;
}

/** The language cookie: the hosted flow's paths only, a year, readable by no script. */
export function localeCookieOptions(secure: boolean) {
  return { path: "/verify", httpOnly: true, sameSite: "lax" as const, secure, maxAge: 365 * 24 * 60 * 60 };
}
