import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";

// The hosted flow is reached through private one-time links: keep it out of search engines and
// send no Referer anywhere (not to the integrator on return, not to any link).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shell");
  return {
    title: t("title"),
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

/** The flow's messages reach its client components through the provider (locale and catalogue). */
export default function VerifyLayout({ children }: { children: React.ReactNode }) {
  return <NextIntlClientProvider>{children}</NextIntlClientProvider>;
}
