// The studio's voice picker: search and filters over GET /voices' list. Plain functions,
// shared by the picker and its tests.
import type { Voice } from "@/lib/voice/schemas";

export type VoiceFilters = { query: string; language: string; gender: string; accent: string };
export const NO_FILTERS: VoiceFilters = { query: "", language: "", gender: "", accent: "" };

export type FacetOption = { value: string; label: string; count: number };

const displayNames = (() => {
  try {
    return new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
  } catch {
    return null;
  }
})();

// Languages eSpeak NG speaks that the ICU data of Node and browsers cannot name, or names the
// same as another code (ICU says "Chinese" for both zh and cmn).
const NAMES_ICU_LACKS: Record<string, string> = {
  cmn: "Mandarin Chinese",
  hyw: "Western Armenian",
  nci: "Classical Nahuatl",
};

/** "fr" -> "French", "es-419" -> "Latin American Spanish"; unknown codes stay as they are. */
export function languageName(code: string): string {
  const known = NAMES_ICU_LACKS[code.toLowerCase()];
  if (known) return known;
  try {
    return displayNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Names languages for display. The server passes its own names to the browser (see
 * `languageNames`): browsers ship smaller ICU data than Node and would name some languages
 * differently, or not at all, which breaks hydration.
 */
export type LanguageNamer = (code: string) => string;

/** Display names for every language code of the voices, made once on the server. */
export function languageNames(voices: readonly Voice[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const code of new Set(voices.flatMap((v) => v.languages))) names[code] = languageName(code);
  return names;
}

/** Everything a search can match: name, description, accent, gender, age, category, languages (codes and names). */
function searchText(voice: Voice, nameOf: LanguageNamer): string {
  return fold(
    [
      voice.name,
      voice.description,
      voice.accent,
      voice.gender,
      voice.age,
      voice.category,
      voice.locale,
      ...voice.languages,
      ...voice.languages.map(nameOf),
    ]
      .filter(Boolean)
      .join(" "),
  );
}

/** Voices matching every filter; the query matches when each of its words appears somewhere. */
export function filterVoices(
  voices: readonly Voice[],
  filters: VoiceFilters,
  nameOf: LanguageNamer = languageName,
): Voice[] {
  const words = fold(filters.query).split(/\s+/).filter(Boolean);
  return voices.filter((voice) => {
    // A language option may stand for several codes with one name (facet below): any of them.
    if (
      filters.language &&
      !filters.language.split(",").some((code) => voice.languages.includes(code) || voice.language === code)
    )
      return false;
    if (filters.gender && (voice.gender ?? "") !== filters.gender) return false;
    if (filters.accent && (voice.accent ?? "") !== filters.accent) return false;
    if (words.length === 0) return true;
    const haystack = searchText(voice, nameOf);
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * The options of one filter, each label once: values that read the same (two codes one language
 * name) are one option whose value lists them, comma-separated, and whose count is of voices.
 */
function facet(perVoice: (string | null | undefined)[][], label: (value: string) => string = (v) => v): FacetOption[] {
  const byLabel = new Map<string, { values: Set<string>; voices: number }>();
  for (const values of perVoice) {
    const labels = new Set<string>();
    for (const value of values) {
      if (!value) continue;
      const name = label(value);
      const entry = byLabel.get(name) ?? { values: new Set<string>(), voices: 0 };
      entry.values.add(value);
      byLabel.set(name, entry);
      labels.add(name);
    }
    for (const name of labels) byLabel.get(name)!.voices++;
  }
  return [...byLabel]
    .map(([name, { values, voices }]) => ({ value: [...values].join(","), label: name, count: voices }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
}

/** The options each filter offers, with how many voices have each. */
export function voiceFacets(voices: readonly Voice[], nameOf: LanguageNamer = languageName) {
  return {
    languages: facet(
      voices.map((v) => v.languages),
      nameOf,
    ),
    genders: facet(
      voices.map((v) => [v.gender]),
      (g) => g[0].toUpperCase() + g.slice(1),
    ),
    accents: facet(voices.map((v) => [v.accent])),
  };
}

/** A short line under a voice's name: gender, age, accent and languages, when known. */
export function voiceSummary(voice: Voice, nameOf: LanguageNamer = languageName): string {
  const parts = [
    voice.gender ? voice.gender[0].toUpperCase() + voice.gender.slice(1) : null,
    voice.age,
    voice.accent ? `${voice.accent} accent` : null,
    voice.languages.map(nameOf).join(", ") || null,
  ];
  return parts.filter(Boolean).join(" · ");
}

/** The voice picked when the studio opens: US English if there is one, else the first voice. */
export function defaultVoiceId(voices: readonly Voice[]): string | null {
  return (voices.find((v) => v.locale === "en-US") ?? voices[0])?.id ?? null;
}
