"use client";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type { FlowActionState } from "@/lib/edge/actions/action-result";
import { LOCALE_NAMES, type FlowLocale } from "@/lib/verification/locale/locales";

/**
 * The language menu in the flow's header. Choosing re-renders the same page in that language
 * (the action sets the cookie and the session's locale); nothing else changes. Each language is
 * named in itself, with its own lang, so a screen reader says it right.
 */
export function LanguageSwitch(props: {
  action: (previous: FlowActionState, form: FormData) => Promise<FlowActionState>;
  locales: FlowLocale[];
}) {
  const t = useTranslations("shell");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <form data-testid="language-switch">
      <label htmlFor="flow-language" className="sr-only">
        {t("language")}
      </label>
      <select
        id="flow-language"
        name="locale"
        value={locale}
        disabled={pending}
        title={t("changeLanguage")}
        className="min-h-11 max-w-36 rounded-lg border border-slate-300 bg-white ps-2 pe-7 text-sm text-slate-900"
        onChange={(event) => {
          const form = new FormData();
          form.set("locale", event.target.value);
          // The page is fetched again after the action: the language is resolved per request, and
          // the action's own request still had the old cookie.
          startTransition(async () => {
            await props.action(null, form);
            router.refresh();
          });
        }}
      >
        {props.locales.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </form>
  );
}
