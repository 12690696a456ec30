// Typed messages and locales for next-intl: a key missing from messages/en.json fails tsc.
import type { Messages } from "@/lib/verification/locale/catalogues";
import type { FlowLocale } from "@/lib/verification/locale/locales";

declare module "next-intl" {
  interface AppConfig {
    Locale: FlowLocale;
    Messages: Messages;
  }
}
