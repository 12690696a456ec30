import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { getLocale } from "next-intl/server";
import { textDirection } from "@/lib/verification/locale/locales";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Voiceage", template: "%s · Voiceage" },
  description: "Phone-ready voice prompts and hosted age verification.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request: its scripts carry that response's CSP nonce (proxy.ts),
  // which a page prerendered at build time could not.
  await connection();
  // English everywhere but the hosted flow, whose language proxy.ts resolves per request.
  const locale = await getLocale();
  return (
    <html lang={locale} dir={textDirection(locale)}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
