// The eSpeak NG voice catalogue as the Voice API presents it. Pure functions over the text of
// `espeak-ng --voices`, so tests can check ids and fields without running the program.
import type { LocalVoice } from "@/lib/voice/providers/local-voice";

export type EspeakVoice = {
  /** Stable public id, e.g. "espeakEnUs", "espeakEnUsF3". */
  id: string;
  /** What espeak-ng's -v takes: the voice file, plus a variant, e.g. "gmw/en-US+f3". */
  espeakName: string;
  name: string;
  gender: "male" | "female" | null;
  age: string | null;
  accent: string | null;
  language: string;
  locale: string;
  languages: string[];
};

// Constructed and fictional languages (Esperanto, Lojban, Klingon, Quenya...) are left out:
// nobody builds a phone menu in them, and they would bury the real ones in the picker.
const EXCLUDED_FILE_PREFIXES = ["art/"];

// A female variant for the languages IVR designers ask for most; every other language has
// eSpeak's default (male) voice only. "f3" is eSpeak's clearest female variant; US and British
// English also get its other four (f1, f2, f4, f5), each measured by `npm run eval:voice`.
const FEMALE_VARIANT = "f3";
const WITH_FEMALE_VARIANT = new Set(["en-us", "en-gb", "es", "es-419", "fr-fr", "de", "it", "pt", "pt-br", "nl"]);
const WITH_EVERY_FEMALE_VARIANT = new Set(["en-us", "en-gb"]);
const OTHER_FEMALE_VARIANTS = ["f1", "f2", "f4", "f5"];

/** Parses `espeak-ng --voices` output into the curated catalogue, sorted by name. */
export function parseEspeakVoiceList(output: string): EspeakVoice[] {
  const voices = new Map<string, EspeakVoice>();
  for (const line of output.split("\n").slice(1)) {
    const match = /^\s*\d+\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)(.*)$/.exec(line);
    if (!match) continue;
    const [, language, ageGender, rawName, file, rest] = match;
    if (EXCLUDED_FILE_PREFIXES.some((prefix) => file.startsWith(prefix))) continue;
    // Ids come from the language code; two voices share "yue", so the second one falls back
    // to its file name. Either way the id only changes if eSpeak renames the voice.
    let id = `espeak${pascal(language)}`;
    if (voices.has(id)) id = `espeak${pascal(file.split("/").pop() ?? file)}`;
    if (!/^[A-Za-z0-9]{8,64}$/.test(id) || voices.has(id)) continue;

    const name = rawName.replace(/_/g, " ");
    const [age, genderLetter] = ageGender.split("/");
    const others = [...rest.matchAll(/\(([^\s)]+)\s+\d+\)/g)].map((m) => m[1]);
    const languages = unique([language, ...others].map((code) => code.split("-")[0].toLowerCase()));
    const voice: EspeakVoice = {
      id,
      espeakName: file,
      name,
      gender: genderLetter === "F" ? "female" : genderLetter === "M" ? "male" : null,
      age: age && age !== "--" ? age : null,
      accent: /\(([^)]+)\)/.exec(name)?.[1] ?? null,
      language: languages[0],
      locale: bcp47(language),
      languages,
    };
    voices.set(id, voice);
    if (WITH_FEMALE_VARIANT.has(language)) {
      const variants = WITH_EVERY_FEMALE_VARIANT.has(language)
        ? [FEMALE_VARIANT, ...OTHER_FEMALE_VARIANTS]
        : [FEMALE_VARIANT];
      for (const variant of variants) {
        const femaleId = `${id}${pascal(variant)}`;
        voices.set(femaleId, {
          ...voice,
          id: femaleId,
          espeakName: `${file}+${variant}`,
          name: variant === FEMALE_VARIANT ? `${name}, female` : `${name}, female (${variant})`,
          gender: "female",
        });
      }
    }
  }
  return [...voices.values()].sort((a, b) => a.name.localeCompare(b.name, "en"));
}

// eSpeak NG always renders at 22.05 kHz.
const ESPEAK_SAMPLE_RATE = 22050;

export function toLocalVoice(voice: EspeakVoice): LocalVoice {
  return {
    id: voice.id,
    name: voice.name,
    description:
      `eSpeak NG formant synthesis, ${voice.name}: robotic and plainly synthetic, but it speaks ` +
      "over a hundred languages. Free and fully offline; good for drafting menus in a language no clearer local voice covers.",
    category: "espeak-ng",
    gender: voice.gender,
    age: voice.age,
    accent: voice.accent,
    language: voice.language,
    locale: voice.locale,
    languages: voice.languages,
    engineVoice: voice.espeakName,
    sampleRate: ESPEAK_SAMPLE_RATE,
  };
}

function pascal(code: string): string {
  return code
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1).toLowerCase())
    .join("");
}

/** "en-gb-x-rp" -> "en-GB-x-rp", "cmn-latn-pinyin" -> "cmn-Latn-pinyin". */
export function bcp47(code: string): string {
  const parts = code.split("-");
  let privateUse = false;
  return parts
    .map((part, i) => {
      if (i === 0) return part.toLowerCase();
      if (part.toLowerCase() === "x") privateUse = true;
      if (privateUse) return part.toLowerCase();
      if (/^[A-Za-z]{2}$/.test(part)) return part.toUpperCase();
      if (/^[A-Za-z]{4}$/.test(part)) return part[0].toUpperCase() + part.slice(1).toLowerCase();
      return part.toLowerCase();
    })
    .join("-");
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** A short sample per language for previews; other languages count to five in their own words. */
export function previewText(language: string): string {
  const samples: Record<string, string> = {
    en: "Thank you for calling. For sales, press 1. For support, press 2.",
    es: "Gracias por llamar. Para ventas, pulse 1. Para soporte, pulse 2.",
    fr: "Merci de votre appel. Pour le service commercial, tapez 1. Pour l'assistance, tapez 2.",
    de: "Vielen Dank für Ihren Anruf. Für den Vertrieb drücken Sie die 1. Für den Support die 2.",
    it: "Grazie per aver chiamato. Per le vendite, premere 1. Per l'assistenza, premere 2.",
    pt: "Obrigado por ligar. Para vendas, pressione 1. Para suporte, pressione 2.",
    nl: "Bedankt voor uw oproep. Voor verkoop, druk op 1. Voor ondersteuning, druk op 2.",
  };
  return samples[language] ?? "1, 2, 3, 4, 5.";
}
