import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, matchSupportedLocale, textDirection } from "@/lib/verification/locale/locales";
import { flowLocaleFromHeader, isFlowPath, resolveFlowLocale } from "@/lib/verification/locale/request-locale";

describe("matchSupportedLocale", () => {
  it.each([
    ["en", "en"],
    ["pt-BR", "pt-BR"],
    ["pt-br", "pt-BR"],
    ["PT-BR", "pt-BR"],
    ["AR", "ar"],
  ])("%s is %s", (tag, locale) => expect(matchSupportedLocale(tag)).toBe(locale));

  it.each(["pt", "pt-PT", "en-US", "sv", "zh-Hant-TW", "en-XA", "english"])(
    "%s is well-formed but unsupported",
    (tag) => expect(matchSupportedLocale(tag)).toBe("unsupported"),
  );

  it.each(["", "  ", "pt_BR", "e", "en-", "-en", " fr", "fr\u0000", "abcdefghi"])("%j is malformed", (tag) =>
    expect(matchSupportedLocale(tag)).toBe("malformed"),
  );
});

describe("localeFromAcceptLanguage", () => {
  it.each([
    [null, null],
    ["", null],
    ["*", null],
    ["sv, fi;q=0.8", null],
    ["ja", "ja"],
    ["ja-JP,ja;q=0.9,en;q=0.5", "ja"],
    ["es-MX,es;q=0.9", "es"],
    ["pt-PT", "pt-BR"],
    ["en;q=0.3, ar;q=0.9", "ar"],
    ["de;q=0, fr;q=0.1", "fr"],
    ["sv, nl;q=0.5, pl;q=0.5", "nl"],
    ["zh-CN, garbage;;q=x, it", "it"],
  ])("%j gives %j", (header, locale) => expect(localeFromAcceptLanguage(header)).toBe(locale));
});

describe("resolveFlowLocale", () => {
  it("takes the cookie first, then Accept-Language, then English", () => {
    expect(resolveFlowLocale({ cookie: "pl", acceptLanguage: "ja", pseudoEnabled: false })).toBe("pl");
    expect(resolveFlowLocale({ cookie: undefined, acceptLanguage: "ja", pseudoEnabled: false })).toBe("ja");
    expect(resolveFlowLocale({ cookie: undefined, acceptLanguage: "sv", pseudoEnabled: false })).toBe("en");
  });

  it("ignores a cookie it does not offer, and the pseudo-locale unless enabled", () => {
    expect(resolveFlowLocale({ cookie: "xx", acceptLanguage: "fr", pseudoEnabled: true })).toBe("fr");
    expect(resolveFlowLocale({ cookie: "en-XA", acceptLanguage: "fr", pseudoEnabled: false })).toBe("fr");
    expect(resolveFlowLocale({ cookie: "en-XA", acceptLanguage: "fr", pseudoEnabled: true })).toBe("en-XA");
  });

  it("reads the proxy's header back, English for anything else", () => {
    expect(flowLocaleFromHeader("ar")).toBe("ar");
    expect(flowLocaleFromHeader(null)).toBe("en");
    expect(flowLocaleFromHeader("xx")).toBe("en");
  });

  it("speaks the user's language on the hosted flow's paths only", () => {
    expect(isFlowPath("/verify/session/vs_1")).toBe(true);
    expect(isFlowPath("/verify")).toBe(true);
    expect(isFlowPath("/verifyx")).toBe(false);
    expect(isFlowPath("/dashboard")).toBe(false);
  });

  it("is right to left for Arabic only", () => {
    expect(textDirection("ar")).toBe("rtl");
    expect(textDirection("ja")).toBe("ltr");
  });
});
