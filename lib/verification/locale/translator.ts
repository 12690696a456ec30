import type { useTranslations } from "next-intl";

/**
 * The whole catalogue's translator (`useTranslations()` or `await getTranslations()`), for the
 * helpers that put words together for both server and client components.
 */
export type FlowTranslator = ReturnType<typeof useTranslations<never>>;
