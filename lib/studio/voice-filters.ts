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

/** "fr" -> "French", "es-419" -> "Latin American Spanish"; unknown codes stay as they are. */
export function languageName(code: string): string {
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
    if (filters.language && !voice.languages.includes(filters.language) && voice.language !== filters.language)
      return false;
    if (filters.gender && (voice.gender ?? "") !== filters.gender) return false;
    if (filters.accent && (voice.accent ?? "") !== filters.accent) return false;
    if (words.length === 0) return true;
    const haystack = searchText(voice, nameOf);
    return words.every((word) => haystack.includes(word));
  });
}

function facet(values: (string | null | undefined)[], label: (value: string) => string = (v) => v): FacetOption[] {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, label: label(value), count }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
}

/** The options each filter offers, with how many voices have each. */
export function voiceFacets(voices: readonly Voice[], nameOf: LanguageNamer = languageName) {
  return {
    languages: facet(
      voices.flatMap((v) => v.languages),
      nameOf,
    ),
    genders: facet(
      voices.map((v) => v.gender),
      (g) => g[0].toUpperCase() + g.slice(1),
    ),
    accents: facet(voices.map((v) => v.accent)),
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
