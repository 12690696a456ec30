import { describe, expect, it } from "vitest";
import type { Voice } from "@/lib/voice/schemas";
import { defaultVoiceId, filterVoices, languageName, NO_FILTERS, voiceFacets, voiceSummary } from "./voice-filters";

function voice(overrides: Partial<Voice> & { id: string; name: string }): Voice {
  return {
    description: null,
    category: null,
    gender: null,
    age: null,
    accent: null,
    language: "en",
    locale: "en-US",
    languages: ["en"],
    preview_url: null,
    ...overrides,
  };
}

const voices: Voice[] = [
  voice({
    id: "espeakEnGb",
    name: "English (Great Britain)",
    gender: "male",
    accent: "Great Britain",
    locale: "en-GB",
  }),
  voice({ id: "espeakEnUsF3", name: "English (America), female", gender: "female", accent: "America" }),
  voice({
    id: "espeakFrFr",
    name: "French (France)",
    gender: "male",
    accent: "France",
    language: "fr",
    locale: "fr-FR",
    languages: ["fr"],
  }),
  voice({
    id: "espeakEs419",
    name: "Spanish (Latin America)",
    gender: "female",
    accent: "Latin America",
    language: "es",
    locale: "es-419",
    languages: ["es"],
    description: "Clear and calm",
  }),
  voice({ id: "elevenRachel1", name: "Rachel", gender: "female", age: "young", languages: ["en", "de"] }),
];

const ids = (list: Voice[]) => list.map((v) => v.id);

describe("filterVoices", () => {
  it("matches every word of the query against names, accents, descriptions and language names", () => {
    expect(ids(filterVoices(voices, { ...NO_FILTERS, query: "french" }))).toEqual(["espeakFrFr"]);
    expect(ids(filterVoices(voices, { ...NO_FILTERS, query: "latin calm" }))).toEqual(["espeakEs419"]);
    // Language names count, so "German" finds a voice verified for de.
    expect(ids(filterVoices(voices, { ...NO_FILTERS, query: "german" }))).toEqual(["elevenRachel1"]);
    // Accents and case do not matter.
    expect(ids(filterVoices(voices, { ...NO_FILTERS, query: "  FRANÇAIS france " }))).toEqual([]);
    expect(ids(filterVoices(voices, { ...NO_FILTERS, query: "frAnce" }))).toEqual(["espeakFrFr"]);
  });

  it("combines language, gender and accent filters", () => {
    expect(ids(filterVoices(voices, { ...NO_FILTERS, language: "en", gender: "female" }))).toEqual([
      "espeakEnUsF3",
      "elevenRachel1",
    ]);
    expect(ids(filterVoices(voices, { ...NO_FILTERS, language: "de" }))).toEqual(["elevenRachel1"]);
    expect(ids(filterVoices(voices, { ...NO_FILTERS, accent: "Great Britain" }))).toEqual(["espeakEnGb"]);
    expect(filterVoices(voices, { ...NO_FILTERS, language: "fr", gender: "female" })).toEqual([]);
    expect(filterVoices(voices, NO_FILTERS)).toHaveLength(voices.length);
  });
});

describe("voice facets and labels", () => {
  it("lists each language, gender and accent once with its count, sorted by label", () => {
    const facets = voiceFacets(voices);
    expect(facets.languages).toEqual([
      { value: "en", label: "English", count: 3 },
      { value: "fr", label: "French", count: 1 },
      { value: "de", label: "German", count: 1 },
      { value: "es", label: "Spanish", count: 1 },
    ]);
    expect(facets.genders).toEqual([
      { value: "female", label: "Female", count: 3 },
      { value: "male", label: "Male", count: 2 },
    ]);
    expect(facets.accents.map((a) => a.value)).toEqual(["America", "France", "Great Britain", "Latin America"]);
  });

  it("names languages and summarises a voice", () => {
    expect(languageName("es-419")).toBe("Latin American Spanish");
    expect(languageName("qqq")).toBe("qqq");
    expect(voiceSummary(voices[4])).toBe("Female · young · English, German");
    expect(voiceSummary(voices[0])).toBe("Male · Great Britain accent · English");
  });

  it("opens on US English when there is one, else the first voice", () => {
    expect(defaultVoiceId(voices)).toBe("espeakEnUsF3");
    expect(defaultVoiceId(voices.filter((v) => v.locale !== "en-US"))).toBe("espeakEnGb");
    expect(defaultVoiceId([])).toBeNull();
  });
});

describe("language names", () => {
  it("name every language eSpeak NG speaks once, from Intl.DisplayNames or the few codes ICU lacks", async () => {
    const { execFileSync } = await import("node:child_process");
    const { parseEspeakVoiceList, toLocalVoice } = await import("@/lib/voice/providers/espeak-voices");
    const voices = parseEspeakVoiceList(execFileSync("espeak-ng", ["--voices"]).toString()).map((v) => ({
      ...toLocalVoice(v),
      preview_url: null,
    }));
    const { languages } = voiceFacets(voices);
    const labels = languages.map((o) => o.label);
    expect(new Set(labels).size).toBe(labels.length);
    // No raw codes: every label is a name, not the code it stands for.
    for (const option of languages) for (const code of option.value.split(",")) expect(option.label).not.toBe(code);
    expect(languageName("hyw")).toBe("Western Armenian");
    expect(languageName("nci")).toBe("Classical Nahuatl");
    expect(languageName("cmn")).not.toBe(languageName("zh"));
    // An option standing for two codes (one name) filters on either.
    const a = voice({ id: "a", name: "A", languages: ["xx"], language: "xx" });
    const b = voice({ id: "b", name: "B", languages: ["yy"], language: "yy" });
    const c = voice({ id: "c", name: "C", languages: ["zz"], language: "zz" });
    expect(filterVoices([a, b, c], { ...NO_FILTERS, language: "xx,yy" }).map((v) => v.id)).toEqual(["a", "b"]);
  });
});
