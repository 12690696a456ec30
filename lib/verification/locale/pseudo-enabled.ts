import type { Env } from "@/lib/platform/env";

/** Whether the en-XA pseudo-locale may be chosen: in development, or where PSEUDO_LOCALE says so. */
export function pseudoLocaleEnabled(e: Env): boolean {
  return e.NODE_ENV === "development" || e.PSEUDO_LOCALE;
}
