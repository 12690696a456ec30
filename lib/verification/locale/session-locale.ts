import "server-only";
import { db } from "@/lib/db";
import type { SupportedLocale } from "@/lib/verification/locale/locales";

/** The locale the integrator asked for, or the user chose last; null: the browser decides. */
export async function sessionLocale(sessionId: string): Promise<string | null> {
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
