import "server-only";
import type { NextResponse } from "next/server";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import type { SupportedLocale } from "@/lib/verification/locale/locales";
import { LOCALE_COOKIE, localeCookieOptions } from "@/lib/verification/locale/request-locale";

/** The locale the integrator asked for, or the user chose last; null: the browser decides. */
async function sessionLocale(sessionId: string): Promise<string | null> {
  const session = await db.verificationSession.findUnique({ where: { id: sessionId }, select: { locale: true } });
  return session?.locale ?? null;
}

/**
 * The user's own choice of language, kept with the session so another device (a phone it is
 * handed to) opens in it too and retrieve says it. Changes nothing else: no attempt, no step.
 */
export async function chooseSessionLocale(sessionId: string, orgId: string, locale: SupportedLocale) {
  await db.verificationSession.updateMany({ where: { id: sessionId, orgId }, data: { locale } });
}

/**
 * On the way into the flow (the hosted link, the phone's hand-off link): the session's locale,
 * when it has one, becomes this browser's language cookie, so every page of the flow (and <html
 * lang>) speaks it. Without one the browser's Accept-Language, or its earlier choice, stands.
 */
export async function setSessionLocaleCookie(response: NextResponse, sessionId: string, requestUrl: string) {
  const locale = await sessionLocale(sessionId);
  if (!locale) return;
  const secure = new URL(env().APP_URL).protocol === "https:" || new URL(requestUrl).protocol === "https:";
  response.cookies.set(LOCALE_COOKIE, locale, localeCookieOptions(secure));
}
