// next-intl's per-request configuration. Routes carry no locale prefix (the hosted URLs are part
// of the API's contract): proxy.ts resolves the hosted flow's locale for each request and passes
// it in the FLOW_LOCALE_HEADER request header; every other page is English.
import { getRequestConfig } from "next-intl/server";
import { headers } from "next/headers";
import { loadMessages } from "@/lib/verification/locale/catalogues";
import { FLOW_LOCALE_HEADER, flowLocaleFromHeader } from "@/lib/verification/locale/request-locale";

export default getRequestConfig(async () => {
  const locale = flowLocaleFromHeader((await headers()).get(FLOW_LOCALE_HEADER));
  return { locale, messages: await loadMessages(locale) };
});
